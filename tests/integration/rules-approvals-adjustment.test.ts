import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { Timestamp, doc, getDoc, serverTimestamp, setDoc, setLogLevel, writeBatch, type DocumentData, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emulatorHosts } from '../support/integration/emulatorHosts';
import { addChainedEntry } from '../support/integration/auditChain';

// Dual control of Manage adjustments where the write lands (docs/product-rules.md §15.6): a write
// that moves a customer's figure by at least settings/ledgerdesk.approvals.adjustmentAtLeast lands
// only applying an open request, asked by another administrator, for that customer, that figure,
// from the value it saw to the value it asked, closed as applied by the same write. Each attempt
// goes through the client SDK as a session token could, otherwise well formed (audited, signed).
const RULES_FILE = process.env.LEDGERDESK_RULES_FILE ?? 'firestore.rules';
const HOUR = 3_600_000;

type Who = 'maker' | 'approver' | 'owner' | 'support';
const claims: Record<Who, { uid: string; token: Record<string, unknown> }> = {
  maker: { uid: 'maker', token: { email: 'maker@acme.test', role: 'admin' } },
  approver: { uid: 'approver', token: { email: 'approver@acme.test', role: 'admin' } },
  owner: { uid: 'owner', token: { email: 'owner@acme.test', admin: true } },
  support: { uid: 'support', token: { email: 'support@acme.test', role: 'support' } }
};

let env: RulesTestEnvironment;
const dbOf = (who: Who): Firestore => {
  const { uid, token } = claims[who];
  return env.authenticatedContext(uid, { ...token, auth_time: Math.floor(Date.now() / 1000) }).firestore() as unknown as Firestore;
};

const at = (ms: number) => Timestamp.fromMillis(ms);
/** An open request to credit casey's balance by $1,000.00 (500 -> 1500), asked by the maker. */
const request = (overrides: DocumentData = {}): DocumentData => ({
  kind: 'adjustment',
  target: 'users/casey',
  change: { field: 'balance', before: 500, after: 1500 },
  why: "Manage adjustments of $1,000.00 or more need a second administrator's approval.",
  summary: 'Balance of Casey: $500.00 -> $1,500.00',
  method: 'users.adjust',
  decision: { id: 'casey', field: 'balance', operation: 'add', amount: 1000, reason: 'Correction', allowNegative: false },
  previewVersion: null,
  requestedBy: { uid: 'maker', email: 'maker@acme.test' },
  requestedAt: at(Date.now() - HOUR),
  expiresAt: at(Date.now() + 71 * HOUR),
  state: 'requires_review',
  decidedBy: null,
  decidedAt: null,
  reason: null,
  ...overrides
});

/** One audited commit, as Ledgerdesk's ledger store makes it: every document names the entry, which lists their paths. */
async function commit(db: Firestore, uid: string, writes: { path: string; data: DocumentData }[], action = 'user.adjust'): Promise<void> {
  const entryId = randomUUID();
  const batch = writeBatch(db);
  for (const write of writes) batch.update(doc(db, write.path), { ...write.data, lastAuditId: entryId });
  // On the audit chain, with its head, as every entry is (§16.6).
  await addChainedEntry(db, batch, entryId, {
    kind: 'user',
    action,
    summary: 'rules test',
    paths: writes.map((w) => w.path),
    adminUid: uid,
    at: serverTimestamp()
  });
  return batch.commit();
}

/** A Manage adjustment without a request. */
const adjust = (who: Who, user: string, set: DocumentData) => commit(dbOf(who), claims[who].uid, [{ path: `users/${user}`, data: set }]);
/** The approver's write applying `req` to `user`: the figure, the customer naming the request, the request applied. */
const apply = (who: Who, user: string, req: string, set: DocumentData = { balance: 1500 }) =>
  commit(dbOf(who), claims[who].uid, [
    { path: `users/${user}`, data: { ...set, approvalRequestId: req } },
    { path: `approvalRequests/${req}`, data: { state: 'succeeded', decidedBy: { uid: claims[who].uid, email: 'x@acme.test' }, decidedAt: serverTimestamp() } }
  ]);

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
  const customer = { email: 'casey@example.com', balance: 500, Totaldeposit: 2000, withdrawalLimit: 5000, verified: false, approvalRequestId: 'req-1' };
  await seed({
    'settings/ledgerdesk': { approvals: { adjustmentAtLeast: 1000 } },
    'users/casey': customer,
    'users/dana': { ...customer, email: 'dana@example.com', approvalRequestId: null },
    'deposits/dep-1': { userId: 'casey', amount: 5000, status: 'pending' },
    'approvalRequests/req-1': request(),
    'approvalRequests/req-self': request({ requestedBy: { uid: 'approver', email: 'approver@acme.test' } }),
    'approvalRequests/req-expired': request({ expiresAt: at(Date.now() - 1000) }),
    'approvalRequests/req-rejected': request({ state: 'rejected', decidedBy: { uid: 'owner', email: 'owner@acme.test' } }),
    'approvalRequests/req-canceled': request({ state: 'canceled', decidedBy: { uid: 'maker', email: 'maker@acme.test' } }),
    'approvalRequests/req-withdrawal': request({ kind: 'withdrawal', change: { status: 'approved', amount: 1000 } })
  });
});

describe('firestore.rules: a covered Manage adjustment needs an approved request by another administrator', () => {
  it('lets the approver apply an open request once: that figure, from the value it saw to the value it asked', async () => {
    await assertSucceeds(apply('approver', 'casey', 'req-1'));
    expect(await read('users/casey', 'balance')).toBe(1500);
    expect(await read('approvalRequests/req-1', 'state')).toBe('succeeded');
    // Used once: the same request cannot move the figure again.
    await assertFails(apply('owner', 'casey', 'req-1', { balance: 2500 }));
  });

  it('refuses a covered adjustment without a request, crediting or debiting, on any adjustable figure', async () => {
    await assertFails(adjust('maker', 'casey', { balance: 1500 }));
    await assertFails(adjust('maker', 'casey', { balance: -500 }));
    await assertFails(adjust('owner', 'casey', { Totaldeposit: 3000.5 }));
    await assertFails(adjust('maker', 'casey', { withdrawalLimit: 3999.99 }));
    // A figure never set reads as zero.
    await assertFails(adjust('maker', 'casey', { TotalBonus: 1000 }));
  });

  it('lets an adjustment under the amount through without a request, to the cent either way', async () => {
    await assertSucceeds(adjust('maker', 'casey', { balance: 1499.99 }));
    await assertSucceeds(adjust('maker', 'dana', { balance: -499.99 }));
    await assertSucceeds(adjust('maker', 'dana', { Totaldeposit: 1000.01 }));
    await assertSucceeds(adjust('maker', 'dana', { TotalBonus: 999.99 }));
  });

  it("leaves a deposit's approval, which moves the figures with its own record, to the deposit's rules", async () => {
    await assertSucceeds(
      commit(
        dbOf('maker'),
        'maker',
        [
          { path: 'deposits/dep-1', data: { status: 'approved' } },
          { path: 'users/casey', data: { balance: 5500, Totaldeposit: 7000 } }
        ],
        'deposit.status'
      )
    );
    // A figure moved alone is Manage's, whatever action its entry claims.
    await assertFails(commit(dbOf('maker'), 'maker', [{ path: 'users/dana', data: { balance: 5500 } }], 'deposit.status'));
  });

  it('lets adjustments through when the policy sets no amount', async () => {
    await seed({ 'settings/ledgerdesk': { approvals: { withdrawalAtLeast: 1000 } } });
    await assertSucceeds(adjust('maker', 'casey', { balance: 1_000_000 }));
  });

  it('refuses the maker applying their own request (self-approval)', async () => {
    await assertFails(apply('maker', 'casey', 'req-1'));
    await assertFails(apply('approver', 'casey', 'req-self'));
  });

  it('refuses a request applied to another customer, another figure or another amount', async () => {
    await assertFails(apply('approver', 'dana', 'req-1'));
    await assertFails(apply('approver', 'casey', 'req-1', { Totaldeposit: 3000 }));
    await assertFails(apply('approver', 'casey', 'req-1', { balance: 2500 }));
    // The figure asked, and another figure moved in the same write.
    await assertFails(apply('approver', 'casey', 'req-1', { balance: 1500, withdrawalLimit: 9000 }));
  });

  it('refuses a request once the figure changed since it was asked', async () => {
    await seed({ 'users/casey': { email: 'casey@example.com', balance: 400, approvalRequestId: 'req-1' } });
    await assertFails(apply('approver', 'casey', 'req-1', { balance: 1500 }));
  });

  it('refuses an expired, rejected or cancelled request, and a request of another kind', async () => {
    await assertFails(apply('approver', 'casey', 'req-expired'));
    await assertFails(apply('approver', 'casey', 'req-rejected'));
    await assertFails(apply('approver', 'casey', 'req-canceled'));
    await assertFails(apply('approver', 'casey', 'req-withdrawal'));
  });

  it('refuses the figure moved with the request left open (not closed as applied by the same write)', async () => {
    await assertFails(commit(dbOf('approver'), 'approver', [{ path: 'users/casey', data: { balance: 1500, approvalRequestId: 'req-1' } }]));
  });

  it('keeps support to care changes: verifying and KYC, never a figure', async () => {
    await assertSucceeds(adjust('support', 'casey', { verified: true }));
    await assertFails(adjust('support', 'casey', { balance: 510 }));
    await assertFails(apply('support', 'casey', 'req-1'));
  });

  it('lets the maker ask (the customer naming the request) and an administrator verify a customer whose figure is not a number', async () => {
    await assertSucceeds(adjust('maker', 'dana', { approvalRequestId: 'req-1' }));
    await seed({ 'users/erin': { email: 'erin@example.com', balance: 'oops', verified: false } });
    await assertSucceeds(adjust('maker', 'erin', { verified: true }));
    await assertFails(adjust('maker', 'erin', { balance: 10 }));
  });
});
