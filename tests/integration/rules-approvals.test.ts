import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { Timestamp, deleteDoc, doc, getDoc, serverTimestamp, setDoc, setLogLevel, writeBatch, type DocumentData, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emulatorHosts } from '../support/integration/emulatorHosts';
import { addChainedEntry } from '../support/integration/auditChain';

// Dual control where the write lands (docs/product-rules.md §15.4): firestore.rules let a covered
// decision through only with an approved request, by another administrator, for that record and that
// exact change, used once. Every attempt below goes through the client SDK as a session token could,
// each otherwise well formed (audited, signed), so only the dual-control condition can refuse it.
const RULES_FILE = process.env.LEDGERDESK_RULES_FILE ?? 'firestore.rules';
const HOUR = 3_600_000;

type Who = 'maker' | 'approver' | 'owner' | 'support' | 'viewer' | 'customer' | 'makerSecondSession' | 'approverStale';
const claims: Record<Who, { uid: string; token: Record<string, unknown> }> = {
  maker: { uid: 'maker', token: { email: 'maker@acme.test', role: 'admin' } },
  makerSecondSession: { uid: 'maker', token: { email: 'maker@acme.test', role: 'admin' } },
  approver: { uid: 'approver', token: { email: 'approver@acme.test', role: 'admin' } },
  // The password typed an hour ago: past the step-up window.
  approverStale: { uid: 'approver', token: { email: 'approver@acme.test', role: 'admin', stale: true } },
  owner: { uid: 'owner', token: { email: 'owner@acme.test', admin: true } },
  support: { uid: 'support', token: { email: 'support@acme.test', role: 'support' } },
  viewer: { uid: 'viewer', token: { email: 'viewer@acme.test', role: 'viewer' } },
  customer: { uid: 'customer', token: { email: 'casey@example.com' } }
};

let env: RulesTestEnvironment;
const dbOf = (who: Who): Firestore => {
  const { uid, token } = claims[who];
  const authTime = Math.floor(Date.now() / 1000) - (token.stale ? 3600 : 0);
  return env.authenticatedContext(uid, { ...token, auth_time: authTime }).firestore() as unknown as Firestore;
};

const at = (ms: number) => Timestamp.fromMillis(ms);
const request = (id: string, overrides: DocumentData = {}): DocumentData => ({
  kind: 'withdrawal',
  target: `withdrawals/${id.replace('req-', 'wd-')}`,
  change: { status: 'approved', amount: 1500 },
  why: 'Withdrawals of $1,000.00 or more need a second administrator.',
  summary: 'Withdrawal from wes@example.com: pending -> approved',
  method: 'withdrawals.setStatus',
  decision: { id: id.replace('req-', 'wd-'), status: 'approved' },
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
const withdrawal = (overrides: DocumentData = {}): DocumentData => ({ userId: 'wes', email: 'wes@example.com', amount: 1500, status: 'pending', ...overrides });

/** One audited commit, as Ledgerdesk's ledger store makes it: every document names the entry, which lists their paths. */
async function commit(db: Firestore, uid: string, writes: { path: string; data: DocumentData; create?: boolean }[]): Promise<void> {
  const entryId = randomUUID();
  const batch = writeBatch(db);
  for (const write of writes) {
    const ref = doc(db, write.path);
    if (write.create) batch.set(ref, { ...write.data, lastAuditId: entryId });
    else batch.update(ref, { ...write.data, lastAuditId: entryId });
  }
  // On the audit chain, with its head, as every entry is (§16.6).
  await addChainedEntry(db, batch, entryId, {
    kind: 'withdrawal',
    action: 'withdrawal.status',
    summary: 'rules test',
    paths: writes.map((w) => w.path),
    adminUid: uid,
    at: serverTimestamp()
  });
  return batch.commit();
}

/** The approver's write that applies request `req` to withdrawal `wd`: the status, the record naming the request, the request applied. */
const apply = (who: Who, wd: string, req: string, status = 'approved', decidedBy = claims[who].uid) =>
  commit(dbOf(who), claims[who].uid, [
    { path: `withdrawals/${wd}`, data: { status, approvalRequestId: req } },
    { path: `approvalRequests/${req}`, data: { state: 'succeeded', decidedBy: { uid: decidedBy, email: 'x@acme.test' }, decidedAt: serverTimestamp() } }
  ]);
const close = (who: Who, req: string, state: string, extra: DocumentData = {}) =>
  commit(dbOf(who), claims[who].uid, [
    {
      path: `approvalRequests/${req}`,
      data: { state, decidedBy: { uid: claims[who].uid, email: 'x@acme.test' }, decidedAt: serverTimestamp(), reason: 'because', ...extra }
    }
  ]);

async function seed(docs: Record<string, DocumentData>): Promise<void> {
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    await Promise.all(Object.entries(docs).map(([path, data]) => setDoc(doc(db, path), data)));
  });
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
  const docs: Record<string, DocumentData> = { 'settings/ledgerdesk': { approvals: { withdrawalAtLeast: 1000 } } };
  for (const n of [1, 2, 3]) {
    docs[`withdrawals/wd-${n}`] = withdrawal();
    docs[`approvalRequests/req-${n}`] = request(`req-${n}`);
  }
  docs['withdrawals/wd-small'] = withdrawal({ amount: 999.99 });
  docs['withdrawals/wd-text'] = withdrawal({ amount: '1500' });
  docs['approvalRequests/req-text'] = request('req-text', { change: { status: 'approved', amount: '1500' } });
  docs['approvalRequests/req-expired'] = request('req-1', { expiresAt: at(Date.now() - 1000) });
  docs['approvalRequests/req-rejected'] = request('req-1', { state: 'rejected', decidedBy: { uid: 'owner', email: 'owner@acme.test' } });
  docs['approvalRequests/req-canceled'] = request('req-1', { state: 'canceled', decidedBy: { uid: 'maker', email: 'maker@acme.test' } });
  docs['approvalRequests/req-used'] = request('req-1', { state: 'succeeded', decidedBy: { uid: 'approver', email: 'approver@acme.test' } });
  docs['approvalRequests/req-self'] = request('req-1', { requestedBy: { uid: 'approver', email: 'approver@acme.test' } });
  docs['approvalRequests/req-rejection'] = request('req-1', { change: { status: 'rejected', amount: 1500 } });
  await seed(docs);
});

async function stateOf(path: string): Promise<unknown> {
  let state: unknown;
  await env.withSecurityRulesDisabled(async (context) => {
    state = (await getDoc(doc(context.firestore() as unknown as Firestore, path))).get('state');
  });
  return state;
}

describe('firestore.rules: a covered withdrawal approval needs an approved request by another administrator', () => {
  it('lets the approver apply an open request once, for its record, status and amount', async () => {
    await assertSucceeds(apply('approver', 'wd-1', 'req-1'));
    expect(await stateOf('approvalRequests/req-1')).toBe('succeeded');
    // Used once: the same request cannot approve the record again, nor another record.
    await assertFails(apply('owner', 'wd-2', 'req-1'));
  });

  it('lets an uncovered approval (below the amount) through without a request, and a text amount is read as its number', async () => {
    await assertSucceeds(commit(dbOf('maker'), 'maker', [{ path: 'withdrawals/wd-small', data: { status: 'approved' } }]));
    await assertFails(commit(dbOf('maker'), 'maker', [{ path: 'withdrawals/wd-text', data: { status: 'approved' } }]));
    await assertSucceeds(apply('approver', 'wd-text', 'req-text'));
  });

  it('lets an approval through where the platform never saved its settings (no policy)', async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      await deleteDoc(doc(context.firestore() as unknown as Firestore, 'settings/ledgerdesk'));
    });
    await assertSucceeds(commit(dbOf('maker'), 'maker', [{ path: 'withdrawals/wd-1', data: { status: 'approved' } }]));
  });

  it('lets the maker ask (their own request, open, 72 hours at most, the record naming it)', async () => {
    const fresh = request('req-4', { requestedAt: serverTimestamp(), expiresAt: at(Date.now() + 72 * HOUR) });
    await seed({ 'withdrawals/wd-4': withdrawal() });
    await assertSucceeds(
      commit(dbOf('maker'), 'maker', [
        { path: 'approvalRequests/req-4', data: fresh, create: true },
        { path: 'withdrawals/wd-4', data: { approvalRequestId: 'req-4' } }
      ])
    );
  });

  it('lets another administrator reject, and the maker cancel', async () => {
    await assertSucceeds(close('approver', 'req-1', 'rejected'));
    await assertSucceeds(close('maker', 'req-2', 'canceled'));
    await assertSucceeds(close('owner', 'req-3', 'failed'));
  });

  const bypasses: [string, () => Promise<void>][] = [
    [
      'the maker approves a covered withdrawal with no request',
      () => commit(dbOf('maker'), 'maker', [{ path: 'withdrawals/wd-1', data: { status: 'approved' } }])
    ],
    [
      'an owner approves a covered withdrawal with no request',
      () => commit(dbOf('owner'), 'owner', [{ path: 'withdrawals/wd-1', data: { status: 'approved' } }])
    ],
    ['the maker applies their own request', () => apply('maker', 'wd-1', 'req-1')],
    ["a second session of the maker applies the maker's request", () => apply('makerSecondSession', 'wd-1', 'req-1')],
    ['the approver applies a request the approver asked for', () => apply('approver', 'wd-1', 'req-self')],
    ['a request applied to another record', () => apply('approver', 'wd-2', 'req-1')],
    [
      'a request applied to a record whose amount changed since',
      async () => (await seed({ 'withdrawals/wd-1': withdrawal({ amount: 1600 }) }), apply('approver', 'wd-1', 'req-1'))
    ],
    ['a request for a rejection used to approve', () => apply('approver', 'wd-1', 'req-rejection')],
    ['a request used to set another status than the one asked', () => apply('approver', 'wd-1', 'req-1', 'rejected')],
    ['an expired request applied', () => apply('approver', 'wd-1', 'req-expired')],
    ['a rejected request applied', () => apply('approver', 'wd-1', 'req-rejected')],
    ['a cancelled request applied', () => apply('approver', 'wd-1', 'req-canceled')],
    ['an applied request used again', () => apply('approver', 'wd-1', 'req-used')],
    [
      'the request left open by the write that applies it',
      () => commit(dbOf('approver'), 'approver', [{ path: 'withdrawals/wd-1', data: { status: 'approved', approvalRequestId: 'req-1' } }])
    ],
    ['a request marked applied in the name of someone else', () => apply('approver', 'wd-1', 'req-1', 'approved', 'owner')],
    ['a request that does not exist', () => apply('approver', 'wd-1', 'req-none')],
    ['the approver with the password typed an hour ago', () => apply('approverStale', 'wd-1', 'req-1')],
    ['support applies a request', () => apply('support', 'wd-1', 'req-1')],
    ['a viewer applies a request', () => apply('viewer', 'wd-1', 'req-1')],
    ['a customer applies a request', () => apply('customer', 'wd-1', 'req-1')],
    ['a request marked applied without its record', () => close('approver', 'req-1', 'succeeded')],
    ['the maker rejects their own request', () => close('maker', 'req-1', 'rejected')],
    ['the maker marks their own request failed', () => close('maker', 'req-1', 'failed')],
    ['another administrator cancels the request', () => close('approver', 'req-1', 'canceled')],
    ['a support agent rejects a request', () => close('support', 'req-1', 'rejected')],
    ['a closed request reopened', () => close('owner', 'req-rejected', 'requires_review')],
    ['a rejected request rejected again (rewriting its reason)', () => close('approver', 'req-rejected', 'rejected')],
    ['a request closed while its change is rewritten', () => close('approver', 'req-1', 'rejected', { change: { status: 'approved', amount: 1 } })],
    ['a request closed while its expiry is moved', () => close('maker', 'req-1', 'canceled', { expiresAt: at(Date.now() + 500 * HOUR) })],
    [
      'a request asked in the name of another administrator',
      () =>
        commit(dbOf('maker'), 'maker', [
          { path: 'approvalRequests/req-9', data: request('req-9', { requestedBy: { uid: 'approver', email: 'a@acme.test' } }), create: true }
        ])
    ],
    [
      'a request asked already approved',
      () =>
        commit(dbOf('maker'), 'maker', [
          { path: 'approvalRequests/req-9', data: request('req-9', { state: 'succeeded', decidedBy: { uid: 'approver', email: 'a' } }), create: true }
        ])
    ],
    [
      'a request asked with an expiry past 72 hours',
      () =>
        commit(dbOf('maker'), 'maker', [{ path: 'approvalRequests/req-9', data: request('req-9', { expiresAt: at(Date.now() + 100 * HOUR) }), create: true }])
    ],
    [
      'a request asked by support',
      () =>
        commit(dbOf('support'), 'support', [
          { path: 'approvalRequests/req-9', data: request('req-9', { requestedBy: { uid: 'support', email: 's' } }), create: true }
        ])
    ],
    ['a request asked without its audit entry', () => setDoc(doc(dbOf('maker'), 'approvalRequests/req-9'), { ...request('req-9'), lastAuditId: randomUUID() })],
    [
      'a request deleted',
      async () => {
        const db = dbOf('owner');
        const batch = writeBatch(db);
        batch.delete(doc(db, 'approvalRequests/req-1'));
        return batch.commit();
      }
    ],
    [
      'a request overwritten in place by its maker',
      () =>
        commit(dbOf('maker'), 'maker', [
          { path: 'approvalRequests/req-1', data: request('req-1', { change: { status: 'approved', amount: 1 } }), create: true }
        ])
    ],
    [
      'the policy switched off by an admin (not an owner) to approve alone',
      () => commit(dbOf('maker'), 'maker', [{ path: 'settings/ledgerdesk', data: { approvals: { withdrawalAtLeast: null } } }])
    ],
    ['a request read by a customer', () => getDoc(doc(dbOf('customer'), 'approvalRequests/req-1')).then(() => undefined)]
  ];

  it.each(bypasses)('refuses: %s', async (_name, attempt) => {
    await assertFails(attempt());
  });

  it('tries at least 35 bypasses here (the roles tests try the rest)', () => {
    expect(bypasses.length).toBeGreaterThanOrEqual(35);
  });

  it('applies one of two approvals racing on the same request', async () => {
    const results = await Promise.allSettled([apply('approver', 'wd-1', 'req-1'), apply('owner', 'wd-1', 'req-1')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});
