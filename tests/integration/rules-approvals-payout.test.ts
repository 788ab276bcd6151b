import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { Timestamp, doc, getDoc, serverTimestamp, setDoc, setLogLevel, writeBatch, type DocumentData, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emulatorHosts } from '../support/integration/emulatorHosts';
import { addChainedEntry } from '../support/integration/auditChain';

// Dual control of a payout made with an override (docs/product-rules.md §15.6), where the write lands:
// with settings/ledgerdesk.approvals.payoutOverride on, completing an investment whose audit entry
// carries an overrideReason needs an approved request by another administrator, for that investment
// and its amount, used once. Every attempt goes through the client SDK as a session token could, each
// otherwise well formed (audited, signed), so only the dual-control condition can refuse it.
const RULES_FILE = process.env.LEDGERDESK_RULES_FILE ?? 'firestore.rules';
const HOUR = 3_600_000;

type Who = 'maker' | 'approver' | 'owner' | 'approverStale';
const claims: Record<Who, { uid: string; token: Record<string, unknown> }> = {
  maker: { uid: 'maker', token: { email: 'maker@acme.test', role: 'admin' } },
  approver: { uid: 'approver', token: { email: 'approver@acme.test', role: 'admin' } },
  // The password typed an hour ago: past the step-up window.
  approverStale: { uid: 'approver', token: { email: 'approver@acme.test', role: 'admin', stale: true } },
  owner: { uid: 'owner', token: { email: 'owner@acme.test', admin: true } }
};

let env: RulesTestEnvironment;
const dbOf = (who: Who): Firestore => {
  const { uid, token } = claims[who];
  const authTime = Math.floor(Date.now() / 1000) - (token.stale ? 3600 : 0);
  return env.authenticatedContext(uid, { ...token, auth_time: authTime }).firestore() as unknown as Firestore;
};

const at = (ms: number) => Timestamp.fromMillis(ms);
const request = (id: string, overrides: DocumentData = {}): DocumentData => ({
  kind: 'payout',
  target: `investments/${id.replace('req-', 'inv-')}`,
  change: { status: 'completed', amount: 1000 },
  why: "Payouts with an override need a second administrator's approval.",
  summary: 'Investment of uma@example.com (Gold) paid out: $1,000.00 + ROI $120.00',
  method: 'investments.payout',
  decision: { id: id.replace('req-', 'inv-'), status: 'completed', overrideReason: 'Paid again on the customer’s written request.' },
  previewVersion: 'v1',
  requestedBy: { uid: 'maker', email: 'maker@acme.test' },
  requestedAt: at(Date.now() - HOUR),
  expiresAt: at(Date.now() + 71 * HOUR),
  state: 'requires_review',
  decidedBy: null,
  decidedAt: null,
  reason: null,
  ...overrides
});
const investment = (overrides: DocumentData = {}): DocumentData => ({
  userId: 'uma',
  email: 'uma@example.com',
  plan: 'Gold',
  amount: 1000,
  status: 'active',
  ...overrides
});

const OVERRIDE = 'Paid again on the customer’s written request.';

/** One audited commit, as Ledgerdesk's ledger store makes it; `overrideReason` on the entry when given. */
async function commit(db: Firestore, uid: string, writes: { path: string; data: DocumentData; create?: boolean }[], overrideReason?: string): Promise<void> {
  const entryId = randomUUID();
  const batch = writeBatch(db);
  for (const write of writes) {
    const ref = doc(db, write.path);
    if (write.create) batch.set(ref, { ...write.data, lastAuditId: entryId });
    else batch.update(ref, { ...write.data, lastAuditId: entryId });
  }
  // On the audit chain, with its head, as every entry is (§16.6).
  await addChainedEntry(db, batch, entryId, {
    kind: 'investment',
    action: 'investment.payout',
    summary: 'rules test',
    paths: writes.map((w) => w.path),
    adminUid: uid,
    at: serverTimestamp(),
    ...(overrideReason ? { overrideReason } : {})
  });
  return batch.commit();
}

/** The payout's own writes: the investment completed and paid, the customer credited. */
const payoutWrites = (inv: string, extra: DocumentData = {}) => [
  { path: `investments/${inv}`, data: { status: 'completed', paidOutAt: serverTimestamp(), ...extra } },
  { path: 'users/uma', data: { balance: 1120, totalearnings: 120 } }
];

/** A payout with an override reason, without any request. */
const payAlone = (who: Who, inv = 'inv-1', overrideReason: string | null = OVERRIDE) =>
  commit(dbOf(who), claims[who].uid, payoutWrites(inv), overrideReason ?? undefined);

/** The approver's write that applies request `req` to investment `inv`: the payout naming the request, the request applied. */
const apply = (who: Who, inv: string, req: string, decidedBy = claims[who].uid) =>
  commit(
    dbOf(who),
    claims[who].uid,
    [
      ...payoutWrites(inv, { approvalRequestId: req }),
      { path: `approvalRequests/${req}`, data: { state: 'succeeded', decidedBy: { uid: decidedBy, email: 'x@acme.test' }, decidedAt: serverTimestamp() } }
    ],
    OVERRIDE
  );

async function seed(docs: Record<string, DocumentData>): Promise<void> {
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    await Promise.all(Object.entries(docs).map(([path, data]) => setDoc(doc(db, path), data)));
  });
}

async function read(path: string, field: string): Promise<unknown> {
  let value: unknown;
  await env.withSecurityRulesDisabled(async (context) => {
    value = (await getDoc(doc(context.firestore() as unknown as Firestore, path))).get(field);
  });
  return value;
}

beforeAll(async () => {
  setLogLevel('silent');
  const [host = '', port = ''] = emulatorHosts().firestoreHost.split(':');
  env = await initializeTestEnvironment({
    projectId: emulatorHosts().projectId,
    firestore: { host, port: Number(port), rules: readFileSync(RULES_FILE, 'utf8') }
  });
});
afterAll(async () => {
  await env?.cleanup();
});
beforeEach(async () => {
  await env.clearFirestore();
  const docs: Record<string, DocumentData> = {
    'settings/ledgerdesk': { approvals: { payoutOverride: true } },
    'users/uma': { email: 'uma@example.com', fullname: 'Uma One', balance: 0, totalearnings: 0 }
  };
  for (const n of [1, 2, 3]) {
    docs[`investments/inv-${n}`] = investment();
    docs[`approvalRequests/req-${n}`] = request(`req-${n}`);
  }
  docs['approvalRequests/req-other-amount'] = request('req-1', { change: { status: 'completed', amount: 999 } });
  docs['approvalRequests/req-cancel'] = request('req-1', { change: { status: 'cancelled', amount: 1000 } });
  docs['approvalRequests/req-expired'] = request('req-1', { expiresAt: at(Date.now() - 1000) });
  docs['approvalRequests/req-rejected'] = request('req-1', { state: 'rejected', decidedBy: { uid: 'owner', email: 'owner@acme.test' } });
  docs['approvalRequests/req-canceled'] = request('req-1', { state: 'canceled', decidedBy: { uid: 'maker', email: 'maker@acme.test' } });
  docs['approvalRequests/req-used'] = request('req-1', { state: 'succeeded', decidedBy: { uid: 'approver', email: 'approver@acme.test' } });
  docs['approvalRequests/req-self'] = request('req-1', { requestedBy: { uid: 'approver', email: 'approver@acme.test' } });
  docs['approvalRequests/req-withdrawal'] = request('req-1', {
    kind: 'withdrawal',
    target: 'withdrawals/wd-1',
    change: { status: 'approved', amount: 1000 }
  });
  await seed(docs);
});

describe('firestore.rules: a payout with an override needs an approved request by another administrator', () => {
  it('lets the approver apply an open request once, for its investment and amount', async () => {
    await assertSucceeds(apply('approver', 'inv-1', 'req-1'));
    expect(await read('approvalRequests/req-1', 'state')).toBe('succeeded');
    expect(await read('investments/inv-1', 'status')).toBe('completed');
    // Used once: the same request cannot pay another investment.
    await assertFails(apply('owner', 'inv-2', 'req-1'));
  });

  it('lets a payout without an override through at once, and an override payout while the policy does not cover them', async () => {
    await assertSucceeds(payAlone('maker', 'inv-1', null));
    await seed({ 'settings/ledgerdesk': { approvals: { payoutOverride: false, withdrawalAtLeast: 1000 } } });
    await assertSucceeds(payAlone('maker', 'inv-2'));
  });

  it('lets the maker ask (the investment naming the request, nothing paid), and another administrator reject it, clearing the mark', async () => {
    const fresh = request('req-4', { requestedAt: serverTimestamp(), expiresAt: at(Date.now() + 72 * HOUR) });
    await seed({ 'investments/inv-4': investment() });
    await assertSucceeds(
      commit(dbOf('maker'), 'maker', [
        { path: 'approvalRequests/req-4', data: fresh, create: true },
        { path: 'investments/inv-4', data: { approvalRequestId: 'req-4' } }
      ])
    );
    await assertSucceeds(
      commit(dbOf('approver'), 'approver', [
        {
          path: 'approvalRequests/req-4',
          data: { state: 'rejected', decidedBy: { uid: 'approver', email: 'a@acme.test' }, decidedAt: serverTimestamp(), reason: 'No.' }
        },
        { path: 'investments/inv-4', data: { approvalRequestId: null } }
      ])
    );
  });

  const bypasses: [string, () => Promise<void>][] = [
    ['the maker pays with an override and no request', () => payAlone('maker')],
    ['an owner pays with an override and no request', () => payAlone('owner')],
    ['the maker applies their own request', () => apply('maker', 'inv-1', 'req-1')],
    ['the approver applies a request the approver asked for', () => apply('approver', 'inv-1', 'req-self')],
    ['a request for another investment applied', () => apply('approver', 'inv-2', 'req-1')],
    ['a request for another amount applied', () => apply('approver', 'inv-1', 'req-other-amount')],
    [
      'a request applied to an investment whose amount changed since',
      async () => (await seed({ 'investments/inv-1': investment({ amount: 5000 }) }), apply('approver', 'inv-1', 'req-1'))
    ],
    ['a request for a cancellation used to pay out', () => apply('approver', 'inv-1', 'req-cancel')],
    ["a withdrawal's request used to pay out", () => apply('approver', 'inv-1', 'req-withdrawal')],
    ['an expired request applied', () => apply('approver', 'inv-1', 'req-expired')],
    ['a cancelled request applied', () => apply('approver', 'inv-1', 'req-canceled')],
    ['a rejected request applied', () => apply('approver', 'inv-1', 'req-rejected')],
    ['an applied request used again', () => apply('approver', 'inv-1', 'req-used')],
    ['a request that does not exist', () => apply('approver', 'inv-1', 'req-none')],
    [
      'the request left open by the payout that names it',
      () => commit(dbOf('approver'), 'approver', payoutWrites('inv-1', { approvalRequestId: 'req-1' }), OVERRIDE)
    ],
    ['a request marked applied in the name of someone else', () => apply('approver', 'inv-1', 'req-1', 'owner')],
    ['the approver with the password typed an hour ago', () => apply('approverStale', 'inv-1', 'req-1')]
  ];

  it.each(bypasses)('refuses: %s', async (_name, attempt) => {
    await assertFails(attempt());
  });

  it('tries at least 6 bypasses', () => {
    expect(bypasses.length).toBeGreaterThanOrEqual(6);
  });
});
