import type { CodeRequired, SessionState, Administrator, SignedInAdministrator, SignOutReason } from '../../shared/contract';
import type { AccessFacts } from '../../shared/domain/access';
import { DEFAULT_REAUTH_WINDOW_MS } from '../../shared/domain/access';
import { EMPTY_CREDENTIALS_MESSAGE, administratorRefusal, type AdministratorRule } from '../../shared/domain/administrator';
import { AppError } from '../../shared/result';
import { needsCode, type AuthGateway, type Identity } from '../../core/ports/authGateway';
import type { PrefsStore } from '../../core/ports/prefsStore';
import type { AccessRecorder } from '../../core/ports/accessRecorder';
import type { EventBus } from './events';
import { systemClock, type Clock } from '../../core/ports/clock';
import { IdleTimer } from './idleTimer';
import { roleOf, type Role } from '../../shared/domain/roles';

export interface SessionOptions {
  auth: AuthGateway;
  rule: AdministratorRule;
  prefs: PrefsStore;
  events: EventBus;
  idleMs: number;
  clock?: Clock;
  /** Called before the provider signs out, while the account can still close what it opened (listeners). */
  beforeSignOut?: () => void;
  /** How long a confirmed password (a sign-in counts) lets the riskiest changes through; 5 minutes by default. */
  reauthWindowMs?: number;
  access?: AccessRecorder;
}

/** A sign-out entry waits at most this long to be written before the provider signs out; unwritten, it is kept for the next session. */
const SIGN_OUT_RECORD_MS = 3_000;

/**
 * The administrator's sign-in state. The Firebase session itself never leaves the main process:
 * screens only learn who is signed in, and why a session ended.
 */
export class SessionService {
  private user: SignedInAdministrator | null = null;
  private endedBecause: SignOutReason | null = null;
  private readonly idle: IdleTimer;
  private readonly clock: Clock;
  /** When the password was last typed (a sign-in or a confirmation), for the step-up window. */
  private confirmedAt: number | null = null;
  /** A sign-in whose password was right and whose second factor's code is asked for. */
  private pendingSignIn: { email: string; rememberMe: boolean } | null = null;

  constructor(private readonly options: SessionOptions) {
    this.clock = options.clock ?? systemClock;
    this.idle = new IdleTimer({
      idleMs: options.idleMs,
      clock: options.clock,
      onWarning: (signOutAt, msLeft) => options.events.emit('session.idleWarning', { signOutAt: new Date(signOutAt).toISOString(), msLeft }),
      onExpire: () => void this.signOut('idle')
    });
  }

  /** The signed-in administrator's role, or null when nobody is signed in. */
  role(): Role | null {
    return this.user?.role ?? null;
  }

  /** The signed-in administrator, without reading the preferences file as state() does. */
  currentUser(): SignedInAdministrator | null {
    return this.user;
  }

  state(): SessionState {
    return {
      user: this.user,
      endedBecause: this.endedBecause,
      idleTimeoutMs: this.options.idleMs,
      rememberedEmail: this.options.prefs.read().rememberedEmail ?? null
    };
  }

  private get reauthWindowMs(): number {
    return this.options.reauthWindowMs ?? DEFAULT_REAUTH_WINDOW_MS;
  }

  /** The password was typed (sign-in or confirmation) within the step-up window. */
  passwordConfirmed(): boolean {
    return this.user !== null && this.confirmedAt !== null && this.clock.now() - this.confirmedAt <= this.reauthWindowMs;
  }

  private facts(event: AccessFacts['event'], email: string, result: AccessFacts['result'], detail: string | null): AccessFacts {
    return { event, email, result, detail, occurredAt: new Date(this.clock.now()).toISOString() };
  }

  /** Written at once under the administrator signed in (if any), else kept; never delays or fails what it records. */
  private record(facts: AccessFacts, actor: Administrator | null): void {
    void this.options.access?.record(facts, actor).catch(() => undefined);
  }

  async signIn(email: string, password: string, rememberMe: boolean): Promise<SignedInAdministrator | CodeRequired> {
    const address = email.trim();
    if (!address || !password) throw new AppError('VALIDATION', EMPTY_CREDENTIALS_MESSAGE);
    this.pendingSignIn = null;

    // Wrong credentials leave everything as it was: the provider still holds the signed-in account.
    let answer: Identity | CodeRequired;
    try {
      answer = await this.options.auth.signIn(address, password);
    } catch (error) {
      this.record(this.facts('signIn', address, 'refused', error instanceof Error ? error.message : null), this.user);
      throw error;
    }
    if (needsCode(answer)) {
      this.pendingSignIn = { email: address, rememberMe };
      return answer;
    }
    return this.admit(answer, address, rememberMe);
  }

  /** The second step of a sign-in whose account has an authenticator app. */
  async signInCode(code: string): Promise<SignedInAdministrator> {
    const pending = this.pendingSignIn;
    if (!pending) throw new AppError('CONFLICT', 'Sign in with your e-mail and password first; the code is asked for after them.');
    let identity: Identity;
    try {
      identity = await this.options.auth.completeSignIn(code);
    } catch (error) {
      this.record(this.facts('signIn', pending.email, 'refused', error instanceof Error ? error.message : null), this.user);
      throw error;
    }
    this.pendingSignIn = null;
    return this.admit(identity, pending.email, pending.rememberMe);
  }

  private async admit(identity: Identity, address: string, rememberMe: boolean): Promise<SignedInAdministrator> {
    const refusal = administratorRefusal(identity, this.options.rule);
    if (refusal !== null) {
      // The provider holds an account that may not write the audit log: the refusal waits for the next administrator.
      this.record(this.facts('signIn', identity.email || address, 'refused', 'notAdmin'), null);
      await this.close('notAdmin');
      throw new AppError('PERMISSION_DENIED', refusal);
    }
    // The provider now holds this account instead of any earlier one: the earlier session ends here.
    if (this.user !== null) await this.close('signedOut', { providerHolds: 'the new account' });

    this.options.prefs.update({ rememberedEmail: rememberMe ? address : undefined });
    // administratorRefusal said the claims give a role.
    this.user = { uid: identity.uid, email: identity.email, role: roleOf(identity.claims) ?? 'viewer' };
    this.endedBecause = null;
    this.confirmedAt = this.clock.now();
    this.idle.touch();
    this.record(this.facts('signIn', identity.email, 'ok', null), this.user);
    this.options.events.emit('session.changed', this.state());
    return this.user;
  }

  /**
   * Step-up: the signed-in administrator types the password again (the provider checks it), which
   * lets the riskiest changes through for the next few minutes. A wrong password is refused and recorded.
   */
  async reauthenticate(password: string): Promise<{ confirmedUntil: string } | CodeRequired> {
    const user = this.requireUser();
    let answer: 'confirmed' | CodeRequired;
    try {
      answer = await this.options.auth.reauthenticate(user.email, password);
    } catch (error) {
      throw this.refusedConfirmation(user, error);
    }
    return needsCode(answer) ? answer : this.confirmed(user);
  }

  async reauthenticateCode(code: string): Promise<{ confirmedUntil: string }> {
    const user = this.requireUser();
    try {
      await this.options.auth.completeReauthentication(code);
    } catch (error) {
      throw this.refusedConfirmation(user, error);
    }
    return this.confirmed(user);
  }

  private requireUser(): Administrator {
    if (!this.user) throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
    return this.user;
  }

  private confirmed(user: Administrator): { confirmedUntil: string } {
    this.confirmedAt = this.clock.now();
    this.idle.touch();
    this.record(this.facts('reauthenticate', user.email, 'ok', null), user);
    return { confirmedUntil: new Date(this.confirmedAt + this.reauthWindowMs).toISOString() };
  }

  /** A refused confirmation is recorded; a wrong password reads as such, never as "your session has ended". */
  private refusedConfirmation(user: Administrator, error: unknown): unknown {
    const wrong = error instanceof AppError && error.code === 'UNAUTHENTICATED';
    const refused = wrong ? new AppError('VALIDATION', 'That password is not right.') : error;
    this.record(this.facts('reauthenticate', user.email, 'refused', refused instanceof Error ? refused.message : null), user);
    return refused;
  }

  /** Any activity in the page restarts the inactivity countdown. */
  activity(): void {
    if (this.user) this.idle.touch();
  }

  signOut(reason: SignOutReason): Promise<void> {
    return this.close(reason);
  }

  /**
   * Every way a session ends (Logout, idle, lock screen, a refused sign-in, another sign-in over
   * this one) comes here: the listeners are released first, while the account can still close what
   * it opened, the sign-out is recorded under it, then the provider signs out. A refused account is
   * told why even though no administrator was signed in.
   */
  private async close(reason: SignOutReason, options: { providerHolds?: 'the new account' } = {}): Promise<void> {
    const was = this.user;
    this.idle.stop();
    this.user = null;
    this.confirmedAt = null;
    this.pendingSignIn = null;
    this.options.beforeSignOut?.();
    // Once another account holds the provider (a second sign-in, a refused one), the entry waits for the next administrator.
    const replaced = options.providerHolds !== undefined || reason === 'notAdmin';
    try {
      if (was && this.options.access)
        await this.recordSignOut(this.facts('signOut', was.email, 'ok', replaced ? 'anotherAccount' : reason), replaced ? null : was);
      if (!options.providerHolds) await this.options.auth.signOut();
    } finally {
      if (was !== null || reason === 'notAdmin') this.end(reason);
    }
  }

  /** Written before the provider signs out (the entry needs the administrator's session), waiting a few seconds at most. */
  private async recordSignOut(facts: AccessFacts, actor: Administrator | null): Promise<void> {
    const recording = this.options.access?.record(facts, actor).catch(() => undefined);
    if (!recording) return;
    let timer: unknown;
    await Promise.race([recording, new Promise<void>((resolve) => (timer = this.clock.setTimeout(resolve, SIGN_OUT_RECORD_MS)))]);
    this.clock.clearTimeout(timer);
  }

  dispose(): void {
    this.idle.stop();
  }

  private end(reason: SignOutReason): void {
    this.endedBecause = reason;
    this.options.events.emit('session.changed', this.state());
  }
}
