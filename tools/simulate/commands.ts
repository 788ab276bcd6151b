// The operations the simulation draws, as fast-check commands: each one what a customer, an
// administrator, the platform or the console does, through the real entry points, with the fault the
// seed gave it. After each, the harness delivers the platform's events and the checker reads the
// emulators (runner.ts).
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { MainServices } from '../../src/main/compose';
import type { Input, Output } from '../../src/shared/contract';
import type { MethodName } from '../../src/shared/methods';
import type { Result } from '../../src/shared/result';
import { DEMO_ADMIN, DEMO_APPROVER } from '../devenv/demo-accounts';
import { journalAmountOf } from '../../src/shared/domain/journal';
import { toCents } from '../../src/shared/domain/money';
import { FAULTS, type Fault } from './faults';
import type { Writer } from './journalFeed';
import type { AskedApproval, Model } from './model';
import { APPROVER_DESKTOP, type Real } from './real';
import { maturedInvestmentId } from './world';

const ADMIN: Writer = { authType: 'app_user', authId: DEMO_ADMIN.uid };
const APPROVER: Writer = { authType: 'app_user', authId: DEMO_APPROVER.uid };
/** Who is signed in on a desktop: the owner on 0 and 1, the approver on APPROVER_DESKTOP. */
const accountOn = (desktop: number) => (desktop === APPROVER_DESKTOP ? DEMO_APPROVER : DEMO_ADMIN);
const writerOn = (desktop: number): Writer => (desktop === APPROVER_DESKTOP ? APPROVER : ADMIN);
const CONSOLE: Writer = { authType: 'service_account', authId: 'console@sim.iam.gserviceaccount.com' };
const customerWriter = (uid: string): Writer => ({ authType: 'app_user', authId: uid });

type Dispatch = <M extends MethodName>(method: M, input: Input<M>) => Promise<Result<Output<M>>>;
const on =
  (desktop: MainServices): Dispatch =>
  (method, input) =>
    desktop.dispatch(method, input) as never;

/** One operation the seed drew: what it does, on whom, with which fault. */
export abstract class SimCommand implements fc.AsyncCommand<Model, Real, false> {
  constructor(readonly fault: Fault | null) {}
  abstract readonly label: string;
  check(): boolean {
    return true;
  }
  /** Does the operation; answers who wrote the customers' documents it changed. */
  protected abstract act(real: Real, model: Model): Promise<Writer>;
  async run(model: Model, real: Real): Promise<void> {
    model.ran.push(this.toString());
    if (this.fault) real.faults.arm(this.fault);
    try {
      const writer = await this.act(real, model);
      await real.afterOperation(model, writer, this.toString());
    } finally {
      real.faults.disarmAll();
    }
  }
  toString(): string {
    return this.fault ? `${this.label} [fault: ${this.fault}]` : this.label;
  }
}

/** A customer's write the platform's rules refuse (a withdrawal the balance cannot cover): nothing written, counted. */
async function asCustomer<T>(model: Model, write: () => Promise<T>): Promise<T | null> {
  try {
    return await write();
  } catch (error) {
    if ((error as { code?: string }).code !== 'permission-denied') throw error;
    model.refusals += 1;
    return null;
  }
}

const pick = <T>(list: readonly T[], index: number): T | undefined => (list.length === 0 ? undefined : list[index % list.length]);
const dollars = (cents: number) => Math.round(cents) / 100;

/**
 * An administrator's write through the dispatcher, with the caller's faults: a reply lost after the
 * commit (the renderer sends the same operation again), a timeout and a retry with the same
 * operationId while the first is still in flight. Records every operationId that answered ok.
 */
async function write<M extends MethodName>(
  real: Real,
  model: Model,
  desktop: number,
  method: M,
  input: Input<M> & { operationId: string }
): Promise<Result<Output<M>>> {
  const dispatch = on(real.desktop(desktop));
  let answer: Result<Output<M>>;
  if (real.faults.take('timeout-retry')) {
    const [first, second] = await Promise.all([dispatch(method, input), dispatch(method, input)]);
    answer = first.ok ? first : second;
  } else {
    answer = await dispatch(method, input);
    // A lost reply (or any answer the renderer cannot read) is sent again with the same operationId.
    if (!answer.ok && answer.error.code === 'UNAVAILABLE') answer = await dispatch(method, input);
  }
  if (answer.ok) model.written.push({ operationId: input.operationId, method });
  else model.refusals += 1;
  return answer;
}

class CustomerRequest extends SimCommand {
  constructor(
    readonly kind: 'deposit' | 'withdraw',
    readonly customer: number,
    readonly cents: number,
    fault: Fault | null
  ) {
    super(fault);
  }
  get label() {
    return `customer ${this.customer} asks to ${this.kind} $${dollars(this.cents)}`;
  }
  protected async act(real: Real, model: Model) {
    const app = real.liveCustomer(this.customer, model);
    const amount = dollars(this.cents);
    const id = app && (await asCustomer(model, () => (this.kind === 'deposit' ? app.requestDeposit(amount, 'ETHEREUM') : app.requestWithdrawal(amount))));
    if (id) (this.kind === 'deposit' ? model.deposits : model.withdrawals).push(id);
    return customerWriter(app?.customer.uid ?? '');
  }
}

class Invest extends SimCommand {
  constructor(
    readonly customer: number,
    readonly cents: number,
    readonly compound: boolean,
    fault: Fault | null
  ) {
    super(fault);
  }
  get label() {
    return `customer ${this.customer} invests $${dollars(this.cents)}${this.compound ? ' (compound)' : ''}`;
  }
  protected async act(real: Real, model: Model) {
    const app = real.liveCustomer(this.customer, model);
    const id = app && (await asCustomer(model, () => (this.compound ? app.compoundInvest : app.invest)(dollars(this.cents))));
    if (id) (this.compound ? model.compound : model.investments).push(id);
    return customerWriter(app?.customer.uid ?? '');
  }
}

class CustomerProfileWrite extends SimCommand {
  constructor(
    readonly customer: number,
    readonly cents: number,
    readonly forgeAudit: boolean,
    fault: Fault | null
  ) {
    super(fault);
  }
  get label() {
    return this.cents === 0
      ? `customer ${this.customer} renames themself`
      : `customer ${this.customer} raises their own balance by $${dollars(this.cents)}${this.forgeAudit ? ', naming an audit entry' : ''}`;
  }
  protected async act(real: Real, model: Model) {
    const app = real.liveCustomer(this.customer, model);
    if (!app) return customerWriter('');
    if (this.cents === 0) await asCustomer(model, () => app.rename(`Customer ${this.customer} (${model.step})`));
    else await asCustomer(model, () => app.raiseOwnBalance(dollars(this.cents), this.forgeAudit ? (model.written.at(-1)?.operationId ?? null) : null));
    return customerWriter(app.customer.uid);
  }
}

const TXID = () => `0x${randomUUID().replaceAll('-', '')}${randomUUID().replaceAll('-', '')}`;

class DecideDeposit extends SimCommand {
  constructor(
    readonly desktop: number,
    readonly record: number,
    readonly status: 'success' | 'failed' | 'pending',
    readonly txid: 'none' | 'new' | 'reused',
    fault: Fault | null
  ) {
    super(fault);
  }
  get label() {
    return `desktop ${this.desktop} sets deposit #${this.record} to ${this.status} (txid: ${this.txid})`;
  }
  protected async act(real: Real, model: Model) {
    const id = pick(model.deposits, this.record);
    if (!id) return ADMIN;
    const txid = this.status !== 'success' || this.txid === 'none' ? undefined : this.txid === 'reused' ? (model.txids.at(-1) ?? TXID()) : TXID();
    const decide = (desktop: number) =>
      write(real, model, desktop, 'deposits.setStatus', { id, status: this.status, operationId: randomUUID(), ...(txid ? { txid } : {}) });
    const answers = real.faults.take('two-deciders') ? await Promise.all([decide(0), decide(1)]) : [await decide(this.desktop)];
    if (txid && answers.some((answer) => answer.ok)) model.txids.push(txid);
    return ADMIN;
  }
}

const OVERRIDE = 'Simulated override: confirmed with the customer';

class DecideWithdrawal extends SimCommand {
  constructor(
    readonly desktop: number,
    readonly record: number,
    readonly status: 'approved' | 'rejected',
    readonly override: boolean,
    fault: Fault | null,
    /** The record counts back from the newest withdrawal (most still pending), not through all of them. */
    readonly newest = false
  ) {
    super(fault);
  }
  get label() {
    const which = this.newest ? `the newest withdrawal but ${this.record}` : `withdrawal #${this.record}`;
    return `desktop ${this.desktop} sets ${which} to ${this.status}${this.override ? ', overriding a refusal' : ''}`;
  }
  protected async act(real: Real, model: Model) {
    const id = this.newest
      ? model.withdrawals[model.withdrawals.length - 1 - (this.record % Math.max(model.withdrawals.length, 1))]
      : pick(model.withdrawals, this.record);
    if (!id) return writerOn(this.desktop);
    const reason = this.status === 'rejected' ? 'The simulation rejects this request.' : null;
    const override = this.override ? { overrideReason: OVERRIDE } : {};
    const deciders = real.faults.take('two-deciders') ? [0, 1] : [this.desktop];
    const answers = await Promise.all(
      deciders.map((desktop) =>
        write(real, model, desktop, 'withdrawals.setStatus', { id, status: this.status, operationId: randomUUID(), reason, ...override })
      )
    );
    if (this.status !== 'approved') return writerOn(this.desktop);
    // The policy covers the withdrawal: an approval that answered ok made a request and applied nothing.
    const withdrawal = await real.world.db.doc(`withdrawals/${id}`).get();
    const amount = journalAmountOf(withdrawal.get('amount')).cents;
    const covered = amount !== null && amount >= toCents(model.withdrawalAtLeast);
    for (const [i, answer] of answers.entries()) {
      if (!answer.ok) continue;
      const requestId = answer.value.approvalRequestId;
      if (covered && (answer.value.status !== 'awaiting approval' || !requestId || withdrawal.get('status') === 'approved'))
        model.surprises.push({
          invariant: 7,
          detail: `withdrawals/${id} ($${amount! / 100}) is covered by the policy ($${model.withdrawalAtLeast} or more), but desktop ${deciders[i]}'s approval answered "${answer.value.status}" and the withdrawal reads ${String(withdrawal.get('status'))}: it applied without a second administrator.`
        });
      else if (requestId) model.requests.push({ id: requestId, withdrawalId: id, maker: deciders[i]! });
    }
    return writerOn(this.desktop);
  }
}

// The team: the owner's approval of a covered withdrawal makes a request (above); the other administrator
// decides it, the maker cancels it or tries to decide it, and lost replies send the same call again.

const REJECTION = 'The simulation rejects this request.';

/** One of the last few requests (the one the seed's number counts back to from the newest): most are still open. */
const recent = (list: readonly AskedApproval[], back: number): AskedApproval | undefined => list[list.length - 1 - (back % Math.max(list.length, 1))];

/** The administrator who did not ask: the approver decides the owner's requests, the owner (desktop 0) the approver's. */
const otherThan = (asked: AskedApproval): number => (asked.maker === APPROVER_DESKTOP ? 0 : APPROVER_DESKTOP);

async function reauthenticate(real: Real, desktop: number): Promise<void> {
  await on(real.desktop(desktop))('session.reauthenticate', { password: accountOn(desktop).password });
}

/** The request's state as stored, read before the operation (what the answer must agree with). */
async function storedState(real: Real, id: string): Promise<string | null> {
  const state = (await real.world.db.doc(`approvalRequests/${id}`).get()).get('state');
  return typeof state === 'string' ? state : null;
}

class DecideRequest extends SimCommand {
  constructor(
    readonly request: number,
    readonly decision: 'approve' | 'reject',
    readonly again: 'once' | 'same-call' | 'new-call',
    fault: Fault | null
  ) {
    super(fault);
  }
  get label() {
    const again = { once: '', 'same-call': ', and the same call comes again (a lost reply)', 'new-call': ', then decides it once more' }[this.again];
    return `the second administrator ${this.decision === 'approve' ? 'approves' : 'rejects'} request #${this.request} back${again}`;
  }
  protected async act(real: Real, model: Model) {
    const asked = recent(model.requests, this.request);
    if (!asked) return APPROVER;
    const desktop = otherThan(asked);
    if (this.decision === 'approve') await reauthenticate(real, desktop);
    const was = await storedState(real, asked.id);
    const input = () => ({
      id: asked.id,
      decision: this.decision,
      operationId: randomUUID(),
      ...(this.decision === 'reject' ? { reason: REJECTION } : {})
    });
    const call = input();
    const first = await write(real, model, desktop, 'approvals.decide', call);
    // An open request is the second administrator's to decide: applied (or failed, the withdrawal changed since) or rejected.
    if (was === 'requires_review' && !first.ok)
      throw new Error(
        `Request ${asked.id} was open, yet ${accountOn(desktop).email}'s ${this.decision} was refused: ${first.error.code}: ${first.error.message}`
      );
    if (was !== 'requires_review' && first.ok)
      model.surprises.push({
        invariant: 9,
        detail: `approvalRequests/${asked.id} was ${was}, yet ${accountOn(desktop).email}'s ${this.decision} answered ${first.value.state}.`
      });
    if (this.again === 'same-call') {
      const replay = await on(real.desktop(desktop))('approvals.decide', call);
      if (first.ok && (!replay.ok || replay.value.state !== first.value.state))
        model.surprises.push({
          invariant: 8,
          detail: `approvals.decide ${call.operationId} on approvalRequests/${asked.id} answered ${first.value.state}, and the same call again ${replay.ok ? replay.value.state : `${replay.error.code}: ${replay.error.message}`}.`
        });
    }
    if (this.again === 'new-call') {
      const second = await write(real, model, desktop, 'approvals.decide', input());
      if (first.ok && second.ok)
        model.surprises.push({
          invariant: 9,
          detail: `approvalRequests/${asked.id} was closed (${first.value.state}), yet deciding it again answered ${second.value.state}.`
        });
    }
    return writerOn(desktop);
  }
}

class CancelRequest extends SimCommand {
  constructor(
    readonly request: number,
    fault: Fault | null
  ) {
    super(fault);
  }
  get label() {
    return `the maker cancels request #${this.request} back`;
  }
  protected async act(real: Real, model: Model) {
    const asked = recent(model.requests, this.request);
    if (!asked) return ADMIN;
    const dispatch = on(real.desktop(asked.maker));
    const was = await storedState(real, asked.id);
    let answer = await dispatch('approvals.cancel', { id: asked.id });
    if (!answer.ok && answer.error.code === 'UNAVAILABLE') answer = await dispatch('approvals.cancel', { id: asked.id });
    // One cancellation per request, audited under its own operation id (handlers/approvals.ts).
    if (answer.ok) model.written.push({ operationId: `cancel-${asked.id}`, method: 'approvals.cancel' });
    else model.refusals += 1;
    if (was === 'requires_review' && !answer.ok)
      throw new Error(`Request ${asked.id} was open, yet its maker's cancellation was refused: ${answer.error.code}: ${answer.error.message}`);
    if (was !== 'requires_review' && answer.ok && answer.value.state !== was)
      model.surprises.push({ invariant: 9, detail: `approvalRequests/${asked.id} was ${was}, yet its maker's cancellation answered ${answer.value.state}.` });
    return writerOn(asked.maker);
  }
}

class MakerDecidesOwn extends SimCommand {
  constructor(
    readonly request: number,
    readonly session: number,
    readonly decision: 'approve' | 'reject',
    fault: Fault | null
  ) {
    super(fault);
  }
  get label() {
    return `the maker tries to ${this.decision} their own request #${this.request} back (session ${this.session})`;
  }
  protected async act(real: Real, model: Model) {
    const asked = recent(model.requests, this.request);
    if (!asked) return ADMIN;
    // The owner may try from either of their desktops (a second session of the maker does not count).
    const desktop = asked.maker === APPROVER_DESKTOP ? APPROVER_DESKTOP : this.session;
    await reauthenticate(real, desktop);
    const was = await storedState(real, asked.id);
    const answer = await write(real, model, desktop, 'approvals.decide', {
      id: asked.id,
      decision: this.decision,
      operationId: randomUUID(),
      ...(this.decision === 'reject' ? { reason: REJECTION } : {})
    });
    if (answer.ok)
      model.surprises.push({
        invariant: 7,
        detail: `${accountOn(desktop).email} asked for approvalRequests/${asked.id} and was let ${this.decision} it themself: it answered ${answer.value.state}.`
      });
    else if (was === 'requires_review' && answer.error.code !== 'FORBIDDEN')
      throw new Error(
        `The maker's own ${this.decision} of open request ${asked.id} was refused as ${answer.error.code}, not as the maker's own (FORBIDDEN): ${answer.error.message}`
      );
    return writerOn(desktop);
  }
}

class DecideInvestment extends SimCommand {
  constructor(
    readonly record: number,
    readonly status: 'active' | 'completed' | 'cancelled',
    fault: Fault | null
  ) {
    super(fault);
  }
  get label() {
    return `desktop 0 sets investment #${this.record} to ${this.status}`;
  }
  protected async act(real: Real, model: Model) {
    const id = pick(model.investments, this.record);
    if (id) await write(real, model, 0, 'investments.setStatus', { id, status: this.status, operationId: randomUUID() });
    return ADMIN;
  }
}

class Payout extends SimCommand {
  constructor(
    readonly desktop: number,
    readonly customer: number,
    readonly override: boolean,
    fault: Fault | null
  ) {
    super(fault);
  }
  get label() {
    return `desktop ${this.desktop} pays out customer ${this.customer}'s matured investment${this.override ? ', overriding a refusal' : ''}`;
  }
  protected async act(real: Real, model: Model) {
    const id = maturedInvestmentId(this.customer);
    const payout = (desktop: number) =>
      write(real, model, desktop, 'investments.payout', { id, operationId: randomUUID(), ...(this.override ? { overrideReason: OVERRIDE } : {}) });
    if (real.faults.take('two-deciders')) await Promise.all([payout(0), payout(1)]);
    else await payout(this.desktop);
    return ADMIN;
  }
}

class BulkDeposits extends SimCommand {
  constructor(
    readonly from: number,
    readonly count: number,
    readonly status: 'success' | 'failed',
    fault: Fault | null
  ) {
    super(fault);
  }
  get label() {
    return `desktop 1 sets ${this.count} deposits from #${this.from} to ${this.status} at once (bulk)`;
  }
  protected async act(real: Real, model: Model) {
    const ids = [...new Set(Array.from({ length: this.count }, (_, i) => pick(model.deposits, this.from + i)).filter((id): id is string => !!id))];
    await Promise.all(ids.map((id) => write(real, model, 1, 'deposits.setStatus', { id, status: this.status, operationId: randomUUID() })));
    return ADMIN;
  }
}

const adjustable = ['balance', 'Totaldeposit', 'TotalBonus', 'totalearnings'] as const;

class Adjust extends SimCommand {
  constructor(
    readonly desktop: number,
    readonly customer: number,
    readonly field: (typeof adjustable)[number],
    readonly operation: 'add' | 'subtract',
    readonly cents: number,
    readonly allowNegative: boolean,
    fault: Fault | null
  ) {
    super(fault);
  }
  get label() {
    return `desktop ${this.desktop}: Manage ${this.operation}s $${dollars(this.cents)} ${this.operation === 'add' ? 'to' : 'from'} customer ${this.customer}'s ${this.field}${this.allowNegative ? ' (below zero allowed)' : ''}`;
  }
  protected async act(real: Real, model: Model) {
    const uid = real.customerId(this.customer);
    const answer = await write(real, model, this.desktop, 'users.adjust', {
      id: uid,
      field: this.field,
      operation: this.operation,
      amount: dollars(this.cents),
      reason: 'Simulated correction',
      allowNegative: this.allowNegative,
      operationId: randomUUID()
    });
    if (answer.ok && this.allowNegative && this.field === 'balance') model.negativeAllowed.add(uid);
    return ADMIN;
  }
}

class CustomerCare extends SimCommand {
  constructor(
    readonly customer: number,
    readonly action: 'verify' | 'note' | 'suspend' | 'unsuspend' | 'mail',
    fault: Fault | null
  ) {
    super(fault);
  }
  get label() {
    return `desktop 0: ${this.action} customer ${this.customer}`;
  }
  protected async act(real: Real, model: Model) {
    const id = real.customerId(this.customer);
    const operationId = randomUUID();
    if (this.action === 'verify') await write(real, model, 0, 'users.setVerified', { id, verified: model.step % 2 === 0, operationId });
    if (this.action === 'note') await write(real, model, 0, 'users.addNote', { id, text: `Simulated note at step ${model.step}`, operationId });
    if (this.action === 'suspend') await write(real, model, 0, 'users.suspend', { id, reason: 'Simulated suspension for review', operationId });
    if (this.action === 'unsuspend') await write(real, model, 0, 'users.unsuspend', { id, reason: 'Simulated review finished', operationId });
    if (this.action === 'mail') {
      const customer = real.customerAccount(this.customer);
      await write(real, model, 0, 'mail.send', {
        to: customer.email,
        toName: customer.fullname,
        subject: `Simulated message ${model.step}`,
        companyName: 'Ledgerdesk simulation',
        html: `<p>Step ${model.step}</p>`,
        operationId
      });
    }
    return ADMIN;
  }
}

class RetryMail extends SimCommand {
  constructor(
    readonly entry: number,
    fault: Fault | null
  ) {
    super(fault);
  }
  get label() {
    return `desktop 0 retries failed e-mail #${this.entry}`;
  }
  protected async act(real: Real, model: Model) {
    const failed = await real.world.db.collection('mailOutbox').where('state', '==', 'failed').where('nextAttemptAt', '==', null).limit(20).get();
    const doc = pick(failed.docs, this.entry);
    if (doc) {
      const answer = await write(real, model, 0, 'mail.retry', { id: doc.id, operationId: randomUUID() });
      if (answer.ok) model.mailRetries.set(doc.id, (model.mailRetries.get(doc.id) ?? 0) + 1);
    }
    return ADMIN;
  }
}

class Reconciliation extends SimCommand {
  constructor(
    readonly desktop: number,
    readonly action: 'start' | 'stop' | 'resume',
    fault: Fault | null
  ) {
    super(fault);
  }
  get label() {
    return `desktop ${this.desktop}: reconciliation ${this.action}`;
  }
  protected async act(real: Real, model: Model) {
    const dispatch = on(real.world.desktops[this.desktop]!);
    if (this.action === 'start') await write(real, model, this.desktop, 'reconciliation.start', { operationId: randomUUID() });
    else {
      const runs = await dispatch('reconciliation.runs', {});
      const last = runs.ok ? runs.value.rows[0] : undefined;
      if (last) await dispatch(`reconciliation.${this.action}`, { id: last.id });
    }
    return ADMIN;
  }
}

class Settings extends SimCommand {
  constructor(
    readonly what: 'risk' | 'txid-required' | 'txid-optional',
    fault: Fault | null
  ) {
    super(fault);
  }
  get label() {
    return `desktop 0 saves ${this.what === 'risk' ? 'the risk rules' : `platform settings (${this.what})`}`;
  }
  protected async act(real: Real, model: Model) {
    await on(real.world.desktops[0]!)('session.reauthenticate', { password: DEMO_ADMIN.password });
    if (this.what === 'risk') {
      const rules = { cap24h: 1_000_000, cap30d: null, stepUpAbove: 1_000_000, blockedAddresses: [] };
      await write(real, model, 0, 'riskRules.save', { rules, operationId: randomUUID() });
    } else await write(real, model, 0, 'platformSettings.save', { changes: { requireTxid: this.what === 'txid-required' }, operationId: randomUUID() });
    return ADMIN;
  }
}

class DeleteCustomer extends SimCommand {
  constructor(
    readonly customer: number,
    fault: Fault | null
  ) {
    super(fault);
  }
  get label() {
    return `desktop 0 deletes customer ${this.customer}`;
  }
  protected async act(real: Real, model: Model): Promise<Writer> {
    const id = real.customerId(this.customer);
    // Two customers stay whatever the seed draws: the referral chain and the runs need some.
    if (model.deleted.size >= 2 || model.deleted.has(id)) return ADMIN;
    await on(real.world.desktops[0]!)('session.reauthenticate', { password: DEMO_ADMIN.password });
    await write(real, model, 0, 'users.delete', { id, reason: 'Simulated closure', force: true, operationId: randomUUID() });
    // Whatever the answer said (a reply can be lost after the host deleted), the database says whether they are gone.
    if (!(await real.world.db.doc(`users/${id}`).get()).exists) model.deleted.add(id);
    // The backend host deletes with firebase-admin: a service account's write.
    return { authType: 'service_account', authId: 'backend-host@sim.iam.gserviceaccount.com' };
  }
}

class ConsoleWrite extends SimCommand {
  constructor(
    readonly customer: number,
    readonly field: 'balance' | 'Totaldeposit',
    readonly cents: number,
    readonly forgeAudit: boolean,
    fault: Fault | null
  ) {
    super(fault);
  }
  get label() {
    return `the console adds $${dollars(this.cents)} to customer ${this.customer}'s ${this.field}${this.forgeAudit ? ', naming an audit entry' : ''}`;
  }
  protected async act(real: Real, model: Model) {
    const id = real.customerId(this.customer);
    if (model.deleted.has(id)) return CONSOLE;
    const ref = real.world.db.doc(`users/${id}`);
    await real.world.db.runTransaction(async (tx) => {
      const now = (await tx.get(ref)).data() ?? {};
      const was = typeof now[this.field] === 'number' ? (now[this.field] as number) : 0;
      const forged = this.forgeAudit ? model.written.at(-1)?.operationId : undefined;
      tx.update(ref, { [this.field]: Math.round(was * 100 + this.cents) / 100, ...(forged ? { lastAuditId: forged } : {}) });
    });
    return CONSOLE;
  }
}

class Platform extends SimCommand {
  constructor(
    readonly action: 'sweep' | 'sweep-both' | 'nightly' | 'time-passes',
    fault: Fault | null
  ) {
    super(fault);
  }
  get label() {
    return action(this.action);
  }
  protected async act(real: Real) {
    const platform = real.world.platform;
    if (this.action === 'time-passes') real.world.clock.pass(11 * 60_000);
    if (this.action === 'sweep' || this.action === 'sweep-both') await platform.sweep(this.action === 'sweep-both');
    if (this.action === 'nightly') await platform.nightly();
    return { authType: 'unknown', authId: null } satisfies Writer;
  }
}

const action = (name: Platform['action']): string =>
  ({
    sweep: 'the platform sweeps the e-mail queue',
    'sweep-both': 'two instances sweep the e-mail queue at once',
    nightly: 'the nightly schedule fires',
    'time-passes': '11 minutes pass'
  })[name];

/**
 * Two operations in five carry a fault; about a quarter of those meet the boundary their fault is for
 * (a journal fault on an operation that writes a customer, a mail fault on one that queues e-mail), so
 * about one operation in ten has a fault take effect: at least one in 20, as the harness must.
 */
const fault = fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: fc.constantFrom(...FAULTS) });
const customer = fc.nat({ max: 5 });
const cents = fc.integer({ min: 1, max: 200_000 });
const index = fc.nat({ max: 1_000 });

export function commandArbitraries(): fc.Arbitrary<SimCommand>[] {
  return [
    fc.tuple(customer, cents, fault).map(([c, a, f]) => new CustomerRequest('deposit', c, a, f)),
    fc.tuple(customer, fc.integer({ min: 1, max: 50_000 }), fault).map(([c, a, f]) => new CustomerRequest('withdraw', c, a, f)),
    fc.tuple(customer, cents, fc.boolean(), fault).map(([c, a, k, f]) => new Invest(c, a, k, f)),
    fc
      .tuple(customer, fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 10_000 })), fc.boolean(), fault)
      .map(([c, a, k, f]) => new CustomerProfileWrite(c, a, k, f)),
    fc
      .tuple(
        fc.nat({ max: 1 }),
        index,
        fc.constantFrom('success', 'success', 'failed', 'pending') as fc.Arbitrary<'success' | 'failed' | 'pending'>,
        fc.constantFrom('none', 'new', 'new', 'reused') as fc.Arbitrary<'none' | 'new' | 'reused'>,
        fault
      )
      .map(([d, r, s, t, f]) => new DecideDeposit(d, r, s, t, f)),
    fc
      .tuple(fc.nat({ max: 2 }), index, fc.constantFrom('approved', 'rejected') as fc.Arbitrary<'approved' | 'rejected'>, fc.boolean(), fault)
      .map(([d, r, s, o, f]) => new DecideWithdrawal(d, r, s, o, f)),
    fc
      .tuple(
        fc.nat({ max: 3 }),
        fc.constantFrom('approve', 'approve', 'reject') as fc.Arbitrary<'approve' | 'reject'>,
        fc.constantFrom('once', 'once', 'same-call', 'new-call') as fc.Arbitrary<DecideRequest['again']>,
        fault
      )
      .map(([r, d, a, f]) => new DecideRequest(r, d, a, f)),
    // The team's share of approvals: one of the newest withdrawals (most still pending), approved by any desktop.
    fc.tuple(fc.nat({ max: 2 }), fc.nat({ max: 2 }), fault).map(([d, r, f]) => new DecideWithdrawal(d, r, 'approved', false, f, true)),
    fc.oneof(
      fc.tuple(fc.nat({ max: 3 }), fault).map(([r, f]): SimCommand => new CancelRequest(r, f)),
      fc
        .tuple(fc.nat({ max: 3 }), fc.nat({ max: 1 }), fc.constantFrom('approve', 'reject') as fc.Arbitrary<'approve' | 'reject'>, fault)
        .map(([r, s, d, f]): SimCommand => new MakerDecidesOwn(r, s, d, f))
    ),
    fc.tuple(fc.nat({ max: 1 }), customer, fc.boolean(), fault).map(([d, c, o, f]) => new Payout(d, c, o, f)),
    fc
      .tuple(index, fc.constantFrom('active', 'completed', 'cancelled') as fc.Arbitrary<'active' | 'completed' | 'cancelled'>, fault)
      .map(([r, s, f]) => new DecideInvestment(r, s, f)),
    fc
      .tuple(index, fc.integer({ min: 2, max: 5 }), fc.constantFrom('success', 'failed') as fc.Arbitrary<'success' | 'failed'>, fault)
      .map(([r, n, s, f]) => new BulkDeposits(r, n, s, f)),
    fc
      .tuple(
        fc.nat({ max: 1 }),
        customer,
        fc.constantFrom(...adjustable),
        fc.constantFrom('add', 'subtract') as fc.Arbitrary<'add' | 'subtract'>,
        fc.integer({ min: 1, max: 150_000 }),
        fc.boolean(),
        fault
      )
      .map(([d, c, field, o, a, n, f]) => new Adjust(d, c, field, o, a, n, f)),
    fc
      .tuple(customer, fc.constantFrom('verify', 'note', 'suspend', 'unsuspend', 'mail', 'mail') as fc.Arbitrary<CustomerCare['action']>, fault)
      .map(([c, a, f]) => new CustomerCare(c, a, f)),
    fc.tuple(index, fault).map(([e, f]) => new RetryMail(e, f)),
    fc
      .tuple(fc.nat({ max: 1 }), fc.constantFrom('start', 'start', 'stop', 'resume') as fc.Arbitrary<Reconciliation['action']>, fault)
      .map(([d, a, f]) => new Reconciliation(d, a, f)),
    fc.tuple(fc.constantFrom('risk', 'txid-required', 'txid-optional') as fc.Arbitrary<Settings['what']>, fault).map(([w, f]) => new Settings(w, f)),
    fc.tuple(customer, fault).map(([c, f]) => new DeleteCustomer(c, f)),
    fc
      .tuple(
        customer,
        fc.constantFrom('balance', 'Totaldeposit') as fc.Arbitrary<'balance' | 'Totaldeposit'>,
        fc.integer({ min: 1, max: 20_000 }),
        fc.boolean(),
        fault
      )
      .map(([c, field, a, k, f]) => new ConsoleWrite(c, field, a, k, f)),
    fc
      .tuple(fc.constantFrom('sweep', 'sweep', 'sweep-both', 'nightly', 'time-passes') as fc.Arbitrary<Platform['action']>, fault)
      .map(([a, f]) => new Platform(a, f))
  ];
}
