import type { SessionState, SessionUser, SignOutReason } from '../../shared/contract';
import { EMPTY_CREDENTIALS_MESSAGE, administratorRefusal, type AdministratorRule } from '../../shared/domain/administrator';
import { AppError } from '../../shared/result';
import type { AuthGateway } from '../app/ports/authGateway';
import type { PrefsStore } from '../app/ports/prefsStore';
import type { EventBus } from './events';
import { IdleTimer, type Clock } from './idleTimer';

export interface SessionOptions {
  auth: AuthGateway;
  rule: AdministratorRule;
  prefs: PrefsStore;
  events: EventBus;
  idleMs: number;
  clock?: Clock;
  /** Called before the provider signs out, while the account can still close what it opened (listeners). */
  beforeSignOut?: () => void;
}

/**
 * The administrator's sign-in state. The Firebase session itself never leaves the main process:
 * screens only learn who is signed in, and why a session ended.
 */
export class SessionService {
  private user: SessionUser | null = null;
  private endedBecause: SignOutReason | null = null;
  private readonly idle: IdleTimer;

  constructor(private readonly options: SessionOptions) {
    this.idle = new IdleTimer({
      idleMs: options.idleMs,
      clock: options.clock,
      onWarning: (signOutAt, msLeft) => options.events.emit('session.idleWarning', { signOutAt: new Date(signOutAt).toISOString(), msLeft }),
      onExpire: () => void this.signOut('idle')
    });
  }

  isAdmin(): boolean {
    return this.user !== null;
  }

  /** The signed-in administrator, without reading the preferences file as state() does. */
  currentUser(): SessionUser | null {
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

  async signIn(email: string, password: string, rememberMe: boolean): Promise<SessionUser> {
    const address = email.trim();
    if (!address || !password) throw new AppError('VALIDATION', EMPTY_CREDENTIALS_MESSAGE);

    // Wrong credentials leave everything as it was: the provider still holds the signed-in account.
    const identity = await this.options.auth.signIn(address, password);
    const refusal = administratorRefusal(identity, this.options.rule);
    if (refusal !== null) {
      await this.close('notAdmin');
      throw new AppError('PERMISSION_DENIED', refusal);
    }
    // The provider now holds this account instead of any earlier one: the earlier session ends here.
    if (this.user !== null) await this.close('signedOut', { providerHolds: 'the new account' });

    this.options.prefs.update({ rememberedEmail: rememberMe ? address : undefined });
    this.user = { uid: identity.uid, email: identity.email };
    this.endedBecause = null;
    this.idle.touch();
    this.options.events.emit('session.changed', this.state());
    return this.user;
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
   * it opened, then the provider signs out. A refused account is told why even though no
   * administrator was signed in.
   */
  private async close(reason: SignOutReason, options: { providerHolds?: 'the new account' } = {}): Promise<void> {
    const wasSignedIn = this.user !== null;
    this.idle.stop();
    this.user = null;
    this.options.beforeSignOut?.();
    try {
      if (!options.providerHolds) await this.options.auth.signOut();
    } finally {
      if (wasSignedIn || reason === 'notAdmin') this.end(reason);
    }
  }

  dispose(): void {
    this.idle.stop();
  }

  private end(reason: SignOutReason): void {
    this.endedBecause = reason;
    this.options.events.emit('session.changed', this.state());
  }
}
