// The invariants, read from the emulators after every operation and at the end (never from the
// code's own counters): what the journal, the audit log, the outbox, the SMTP server's mailbox and
// the runs say must agree with each other and with the customers' figures, and the approval requests
// with the withdrawals they cover and the audit entries that applied them (invariants 7 to 10), and
// the journal's and the audit log's chains with their heads (invariant 11).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Timestamp, type DocumentData, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { journalAmountOf, journalFields } from '../../src/shared/domain/journal';
import { AUDIT_HEAD_PATH, JOURNAL_HEADS, verifyRecords } from '../../src/shared/domain/recordsCheck';
import { exported } from '../records/export';
import { canonicalTxid } from '../../src/shared/domain/txid';
import { parseHeaders } from '../devenv/mail-sink';
import type { Model } from './model';
import type { MainServices } from '../../src/main/compose';
import type { Result } from '../../src/shared/result';
import type { Invariant, Violation } from './invariants';

export { INVARIANTS, type Invariant, type Violation } from './invariants';

/** Steps a run may stay running, the harness delivering its tasks after every step. */
export const RUN_STEPS = 12;
/** The deeper checks (reconciliation, txids, owed figures) every this many steps, and at the end. */
export const DEEP_EVERY = 50;

type Figures = Record<string, number>;
const cents = (value: unknown): number | null => journalAmountOf(value).cents;

export interface CheckerDeps {
  db: Firestore;
  desktop: MainServices;
  mailDir: string;
  /** Customers whose journal events are not all delivered yet. */
  pending: () => Set<string>;
  /** The delivery keys of an entry's rounds, as its deliverer makes them. */
  roundKeys: (outboxId: string, rounds: number) => string[];
  /** Attempts of the automatic round; each Retry adds one. */
  automaticAttempts: number;
}

export class Checker {
  checks = 0;
  private opening = new Map<string, Figures>();
  private journal = new Map<string, Figures>();
  private outside = new Map<string, Figures>();
  /** Per audit entry and customer: what the journal's Ledgerdesk entries moved. */
  private effects = new Map<string, Map<string, Figures>>();
  private entriesSeen = new Set<string>();
  private lastRecorded: Timestamp | null = null;
  private mailSeen = new Set<string>();
  private sentKeys = new Map<string, number>();
  private runningSince = new Map<string, number>();
  /** Each approval request as last read, by id (its fields as JSON): a closed one must read the same ever after. */
  private requestsSeen = new Map<string, string>();
  /** Applied withdrawals already found covered by an approved request. */
  private coveredChecked = new Set<string>();

  constructor(private readonly deps: CheckerDeps) {}

  async start(): Promise<void> {
    for (const doc of (await this.deps.db.collection('users').get()).docs) this.opening.set(doc.id, figuresOf(doc.data()));
  }

  async afterStep(model: Model, deep: boolean): Promise<Violation[]> {
    const found: Violation[] = [];
    // Independent reads at once; the customers and the effects are checked against the journal just read.
    for (const surprise of model.surprises.splice(0)) this.add(found, surprise.invariant, surprise.detail);
    await Promise.all([
      this.readNewJournal(found),
      this.auditedWrites(model, found),
      this.mailSent(found),
      this.runs(model, found),
      this.requests(model, found, deep)
    ]);
    await Promise.all([this.customers(model, found), this.effectsMatchAudit(found)]);
    if (deep) {
      await this.mailAttempts(model, found);
      await this.reconciliation(model, found);
      await this.txids(found);
      await this.owed(found);
      await this.chains(found);
    }
    return found;
  }

  private add(found: Violation[], invariant: Invariant, detail: string) {
    this.checks += 1;
    found.push({ invariant, detail });
  }

  private pass() {
    this.checks += 1;
  }

  private async readNewJournal(found: Violation[]): Promise<void> {
    let query = this.deps.db.collectionGroup('journal').orderBy('recordedAt');
    if (this.lastRecorded) query = query.startAt(this.lastRecorded);
    const fresh = (await query.get()).docs.filter((doc) => !this.entriesSeen.has(doc.ref.path));
    const audits = await this.auditEntries(fresh.map((doc) => doc.get('auditId')).filter((id): id is string => typeof id === 'string' && id !== ''));
    for (const doc of fresh) {
      this.entriesSeen.add(doc.ref.path);
      const entry = doc.data();
      if (entry.recordedAt instanceof Timestamp) this.lastRecorded = entry.recordedAt;
      const userId = String(entry.userId);
      const moved: Figures = {};
      for (const change of (entry.changes ?? []) as { field: string; deltaCents: number | null }[]) moved[change.field] = change.deltaCents ?? 0;
      addInto(this.journal, userId, moved);
      const writer = (entry.writer ?? {}) as { kind?: string };
      if (entry.outside === true) {
        addInto(this.outside, userId, moved);
        this.pass();
        continue;
      }
      // Ledgerdesk's entry: written by an administrator, with an audit entry that names the customer.
      const auditId = typeof entry.auditId === 'string' ? entry.auditId : '';
      const audit = audits.get(auditId) ?? null;
      const paths = (audit?.get('paths') ?? []) as string[];
      if (writer.kind !== 'administrator' || !audit?.exists || !paths.includes(`users/${userId}`)) {
        this.add(
          found,
          3,
          `${doc.ref.path} is not marked outside, but its writer is ${writer.kind ?? 'unknown'} and auditLog/${auditId || '(none)'} ${audit?.exists ? 'does not name users/' + userId : 'does not exist'}.`
        );
        continue;
      }
      this.pass();
      const byUser = this.effects.get(auditId) ?? new Map<string, Figures>();
      this.effects.set(auditId, byUser);
      const sum = byUser.get(userId) ?? {};
      for (const [field, delta] of Object.entries(moved)) sum[field] = (sum[field] ?? 0) + delta;
      byUser.set(userId, sum);
    }
  }

  /** Invariant 11: the chains, as an auditor's offline check reads them (every entry, every head). */
  private async chains(found: Violation[]): Promise<void> {
    const { db } = this.deps;
    const [journals, heads, audit, auditHead] = await Promise.all([
      db.collectionGroup('journal').get(),
      db.collection(JOURNAL_HEADS).get(),
      db.collection('auditLog').get(),
      db.doc(AUDIT_HEAD_PATH).get()
    ]);
    const documents = [...journals.docs, ...heads.docs, ...audit.docs, ...(auditHead.exists ? [auditHead] : [])].map((doc) => ({
      path: doc.ref.path,
      data: exported(doc.data()) as Record<string, unknown>
    }));
    // No digests are read here: their signatures are the daily digest's business, not the run's.
    const { broken } = verifyRecords({ documents, check: () => false });
    if (broken.length === 0) this.pass();
    for (const link of broken) this.add(found, 11, `${link.path}: ${link.reason}`);
  }

  /** Audit entries by id, in one read. */
  private async auditEntries(ids: string[]): Promise<Map<string, DocumentSnapshot>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const docs = await this.deps.db.getAll(...unique.map((id) => this.deps.db.doc(`auditLog/${id}`)));
    return new Map(docs.map((doc) => [doc.id, doc]));
  }

  /** Invariants 1 and 6 on every customer whose events are all delivered. */
  private async customers(model: Model, found: Violation[]): Promise<void> {
    const pending = this.deps.pending();
    const users = await this.deps.db.collection('users').get();
    for (const doc of users.docs) {
      if (pending.has(doc.id)) continue;
      const now = figuresOf(doc.data());
      const opening = this.opening.get(doc.id) ?? {};
      const moved = this.journal.get(doc.id) ?? {};
      for (const field of journalFields) {
        const expected = (opening[field] ?? 0) + (moved[field] ?? 0);
        if ((now[field] ?? 0) !== expected)
          this.add(
            found,
            1,
            `users/${doc.id}.${field} is ${(now[field] ?? 0) / 100} but its journal explains ${expected / 100} (opening ${(opening[field] ?? 0) / 100} + entries ${(moved[field] ?? 0) / 100}).`
          );
        else this.pass();
      }
      if ((now.balance ?? 0) < 0 && !model.negativeAllowed.has(doc.id))
        this.add(found, 6, `users/${doc.id}.balance is ${(now.balance ?? 0) / 100}, below zero with no adjustment that allowed it.`);
      else this.pass();
    }
  }

  /** Invariant 2: what each audit entry's customers moved in the journal is what the entry says it moved, once. */
  private async effectsMatchAudit(found: Violation[]): Promise<void> {
    const pending = this.deps.pending();
    const complete = [...this.effects].filter(([, byUser]) => ![...byUser.keys()].some((userId) => pending.has(userId)));
    const audits = await this.auditEntries(complete.map(([auditId]) => auditId));
    for (const [auditId, byUser] of complete) {
      const audit = audits.get(auditId)?.data() ?? {};
      for (const [userId, moved] of byUser) {
        for (const [field, delta] of Object.entries(moved)) {
          const key = `users/${userId}.${field}`;
          const before = cents((audit.before as DocumentData | undefined)?.[key] ?? 0) ?? 0;
          const after = cents((audit.after as DocumentData | undefined)?.[key]);
          const told = after === null ? null : after - before;
          if (told !== delta)
            this.add(
              found,
              2,
              `auditLog/${auditId} moved ${key} by ${told === null ? 'nothing' : told / 100} but the journal shows ${delta / 100}: the operation took effect ${told !== null && delta > told ? 'more than once' : 'other than it says'}.`
            );
          else this.pass();
        }
      }
      this.effects.delete(auditId);
    }
  }

  private async auditedWrites(model: Model, found: Violation[]): Promise<void> {
    const written = model.written.slice(model.checkedWrites);
    const entries = await this.auditEntries(written.map(({ operationId }) => operationId));
    for (const { operationId, method } of written) {
      const entry = entries.get(operationId);
      if (!entry?.exists && !NO_ENTRY_OF_ITS_OWN.has(method))
        this.add(found, 3, `${method} ${operationId} answered ok, but auditLog/${operationId} does not exist.`);
      else this.pass();
    }
    model.checkedWrites = model.written.length;
  }

  /** Invariant 4: each delivery key reaches the SMTP server once. */
  private async mailSent(found: Violation[]): Promise<void> {
    const names = (await readdir(this.deps.mailDir)).filter((name) => name.endsWith('.eml') && !this.mailSeen.has(name)).sort();
    for (const name of names) {
      this.mailSeen.add(name);
      const key = (parseHeaders(await readFile(join(this.deps.mailDir, name), 'utf8')).get('message-id') ?? '').replace(/^<|@.*$/g, '');
      const times = (this.sentKeys.get(key) ?? 0) + 1;
      this.sentKeys.set(key, times);
      if (times > 1) this.add(found, 4, `The message under delivery key ${key} reached the SMTP server ${times} times.`);
      else this.pass();
    }
  }

  /** Invariant 4: an entry's attempts within its cap, and what went out of it one message per round. */
  private async mailAttempts(model: Model, found: Violation[]): Promise<void> {
    const entries = await this.deps.db.collection('mailOutbox').where('attempts', '>', 0).get();
    for (const doc of entries.docs) {
      const rounds = 1 + (model.mailRetries.get(doc.id) ?? 0);
      const cap = this.deps.automaticAttempts + rounds - 1;
      const attempts = Number(doc.get('attempts'));
      if (attempts > cap) this.add(found, 4, `mailOutbox/${doc.id} was tried ${attempts} times in ${rounds} round(s): past its cap of ${cap}.`);
      else this.pass();
      const sent = this.deps.roundKeys(doc.id, rounds).filter((key) => this.sentKeys.has(key)).length;
      if (sent > rounds) this.add(found, 4, `mailOutbox/${doc.id} went out ${sent} times in ${rounds} round(s).`);
      else this.pass();
    }
  }

  /** Invariant 5. */
  private async runs(model: Model, found: Violation[]): Promise<void> {
    const running = await this.deps.db.collection('reconciliationRuns').where('state', '==', 'running').get();
    const now = new Set(running.docs.map((doc) => doc.id));
    for (const id of this.runningSince.keys()) if (!now.has(id)) this.runningSince.delete(id);
    for (const id of now) {
      const since = this.runningSince.get(id) ?? model.step;
      this.runningSince.set(id, since);
      if (model.step - since > RUN_STEPS)
        this.add(found, 5, `reconciliationRuns/${id} has been running since step ${since} (${model.step - since} steps), and blocks every later run.`);
      else this.pass();
    }
  }

  /**
   * Invariants 7 to 10 on the approval requests: each request read every step; one that changed (or
   * every one, on the deeper checks) has its audit entries read: at most one applied it, in the
   * approver's name with the maker's, and a closed request reads as it did when it closed. Invariant 7
   * on the approved withdrawals the policy covers: each names a request applied by another administrator.
   */
  private async requests(model: Model, found: Violation[], deep: boolean): Promise<void> {
    const { db } = this.deps;
    const requests = await db.collection('approvalRequests').get();
    const byId = new Map(requests.docs.map((doc) => [doc.id, doc.data()]));
    const changed: string[] = [];
    for (const doc of requests.docs) {
      const data = doc.data();
      const now = JSON.stringify(requestFields(data));
      const before = this.requestsSeen.get(doc.id);
      if (before !== undefined && before !== now && CLOSED.has(String(JSON.parse(before).state)))
        this.add(found, 9, `approvalRequests/${doc.id} was closed (${before}) and now reads ${now}.`);
      else this.pass();
      if (before === undefined || before !== now || deep) changed.push(doc.id);
      // A closed request keeps what it read when it closed: that is what it must read ever after.
      if (before === undefined || !CLOSED.has(String(JSON.parse(before).state))) this.requestsSeen.set(doc.id, now);
    }
    const audits = await Promise.all(changed.map((id) => db.collection('auditLog').where('approvalRequestId', '==', id).get()));
    for (const [i, id] of changed.entries()) {
      const request = byId.get(id)!;
      const applying = audits[i]!.docs.filter((entry) => appliesRequest(String(entry.get('action') ?? '')));
      if (applying.length > 1)
        this.add(found, 8, `approvalRequests/${id} was applied ${applying.length} times: auditLog/${applying.map((entry) => entry.id).join(', auditLog/')}.`);
      else if (request.state === 'succeeded' && applying.length === 0)
        this.add(found, 8, `approvalRequests/${id} reads applied, but no audit entry applied it.`);
      else if (request.state !== 'succeeded' && applying.length > 0)
        this.add(found, 8, `approvalRequests/${id} reads ${String(request.state)}, but auditLog/${applying[0]!.id} applied it.`);
      else this.pass();
      const maker = (request.requestedBy ?? {}) as { uid?: string; email?: string };
      const approver = (request.decidedBy ?? {}) as { uid?: string; email?: string };
      for (const entry of applying) {
        const notes = ((entry.get('notes') ?? []) as unknown[]).map(String).join(' ');
        const adminUid = String(entry.get('adminUid') ?? '');
        if (adminUid === maker.uid || adminUid !== approver.uid || !maker.email || !notes.includes(maker.email) || !notes.includes(String(approver.email)))
          this.add(
            found,
            10,
            `auditLog/${entry.id} applied approvalRequests/${id} as ${adminUid || 'nobody'}, asked by ${maker.uid ?? 'nobody'} (${maker.email ?? '?'}) and decided by ${approver.uid ?? 'nobody'}; its notes read "${notes}".`
          );
        else this.pass();
      }
    }
    if (deep) await this.coveredWithdrawals(model, byId, found);
  }

  /** Invariant 7: every approved withdrawal of at least the policy's amount names a request applied by another administrator, for it. */
  private async coveredWithdrawals(model: Model, requests: Map<string, DocumentData>, found: Violation[]): Promise<void> {
    const threshold = Math.round(model.withdrawalAtLeast * 100);
    const approved = await this.deps.db.collection('withdrawals').where('status', '==', 'approved').get();
    for (const doc of approved.docs) {
      if (this.coveredChecked.has(doc.id)) continue;
      const amount = cents(doc.get('amount'));
      if (amount === null || amount < threshold) continue;
      const requestId = doc.get('approvalRequestId');
      const request = typeof requestId === 'string' ? requests.get(requestId) : undefined;
      const maker = (request?.requestedBy ?? {}) as { uid?: string };
      const approver = (request?.decidedBy ?? {}) as { uid?: string };
      if (!request || request.state !== 'succeeded' || request.target !== `withdrawals/${doc.id}` || !approver.uid || approver.uid === maker.uid)
        this.add(
          found,
          7,
          `withdrawals/${doc.id} ($${amount / 100}, the policy covers $${model.withdrawalAtLeast} or more) is approved, but ${
            request
              ? `approvalRequests/${String(requestId)} reads ${String(request.state)} for ${String(request.target)}, asked by ${maker.uid ?? 'nobody'} and decided by ${approver.uid ?? 'nobody'}`
              : `it names no request (approvalRequestId: ${String(requestId ?? null)})`
          }.`
        );
      else this.pass();
      this.coveredChecked.add(doc.id);
    }
  }

  /** Invariant 1's second half: the reconciliation's drift of each figure is what the outside entries moved. */
  private async reconciliation(model: Model, found: Violation[]): Promise<void> {
    const pending = this.deps.pending();
    for (const id of this.opening.keys()) {
      if (model.deleted.has(id) || pending.has(id)) continue;
      const checked = await this.deps.desktop.dispatch('users.reconcile', { id });
      if (!checked.ok) {
        this.add(found, 1, `users.reconcile ${id} failed: ${checked.error.message}`);
        continue;
      }
      const outside = this.outside.get(id) ?? {};
      for (const row of (checked.value as { figures: { figure: string; drift: number | null }[] }).figures) {
        const drift = Math.round((row.drift ?? 0) * 100);
        const explained = outside[row.figure] ?? 0;
        if (drift !== explained)
          this.add(
            found,
            1,
            `users/${id}.${row.figure} drifts by ${drift / 100} from its records and adjustments; outside entries explain ${explained / 100}.`
          );
        else this.pass();
      }
    }
  }

  /** Invariant 2's first half: no two credited records share a chain transaction. */
  private async txids(found: Violation[]): Promise<void> {
    const credited = new Map<string, string>();
    for (const [collection, status] of [
      ['deposits', 'success'],
      ['withdrawals', 'approved']
    ] as const) {
      for (const doc of (await this.deps.db.collection(collection).where('status', '==', status).get()).docs) {
        const txid = doc.get('txid');
        if (typeof txid !== 'string' || txid === '') continue;
        const key = canonicalTxid(txid.toLowerCase());
        const other = credited.get(key);
        if (other) this.add(found, 2, `${collection}/${doc.id} and ${other} were both credited on chain transaction ${txid}.`);
        else this.pass();
        credited.set(key, `${collection}/${doc.id}`);
      }
    }
  }

  /** Invariant 6's second half: what the dashboard says the platform owes, against the sums of the documents. */
  private async owed(found: Violation[]): Promise<void> {
    const sums = await Promise.all([
      this.sum('users', 'balance', (doc) => (cents(doc.get('balance')) ?? 0) > 0),
      this.sum('withdrawals', 'amount', (doc) => doc.get('status') === 'pending' || doc.get('status') === undefined),
      this.sum('investments', 'amount', (doc) => doc.get('status') === 'active')
    ]);
    const figures = ['users.balanceTotal', 'withdrawals.pendingAmount', 'investments.activeAmount'] as const;
    for (const [i, name] of figures.entries()) {
      const figure = (await this.deps.desktop.dispatch('dashboard.figure', { figure: name })) as Result<{ value: number }>;
      const shown = figure.ok ? Math.round(figure.value.value * 100) : NaN;
      if (shown !== sums[i]) this.add(found, 6, `The dashboard's ${name} is ${shown / 100}; the documents sum to ${sums[i]! / 100}.`);
      else this.pass();
    }
  }

  private async sum(collection: string, field: string, counted: (doc: DocumentSnapshot) => boolean): Promise<number> {
    let total = 0;
    for (const doc of (await this.deps.db.collection(collection).get()).docs) if (counted(doc)) total += cents(doc.get(field)) ?? 0;
    return total;
  }
}

/** Methods whose writes are not audit entries of their own id (the backend host and the runs keep theirs). */
const NO_ENTRY_OF_ITS_OWN = new Set(['users.delete', 'users.suspend', 'users.unsuspend', 'reconciliation.start', 'mail.send']);

/** A request's states after which nothing about it changes. */
const CLOSED = new Set(['succeeded', 'failed', 'rejected', 'canceled']);

/** What a request says, in a fixed order (lastAuditId aside: the closing write's own bookkeeping). */
function requestFields(data: DocumentData): Record<string, unknown> {
  const { lastAuditId: _audit, ...fields } = data;
  return Object.fromEntries(
    Object.keys(fields)
      .sort()
      .map((key) => [key, fields[key] instanceof Timestamp ? (fields[key] as Timestamp).toMillis() : fields[key]])
  );
}

/** An audit entry that applied its request (the decision's own entry), not the asking or a closing one. */
const appliesRequest = (action: string): boolean => !action.endsWith('.approvalRequested') && !action.startsWith('approval.');

function figuresOf(data: DocumentData): Figures {
  const figures: Figures = {};
  for (const field of journalFields) figures[field] = cents(data[field]) ?? 0;
  return figures;
}

function addInto(into: Map<string, Figures>, userId: string, moved: Figures) {
  const sum = into.get(userId) ?? {};
  for (const [field, delta] of Object.entries(moved)) sum[field] = (sum[field] ?? 0) + delta;
  into.set(userId, sum);
}
