import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { Timestamp, doc, getDoc, serverTimestamp, setDoc, setLogLevel, writeBatch, type DocumentData, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emulatorHosts } from '../support/integration/emulatorHosts';
import { addChainedEntry } from '../support/integration/auditChain';

// Dual control of the settings documents where the write lands (docs/product-rules.md §15.6): with
// walletChanges / riskRuleChanges on, settings/walletAddresses and settings/riskRules change only as an
// approved request asked them; a save of settings/ledgerdesk that loosens an active policy changes it
// only as an approved 'policy' request asked it. These documents do not name their request: the audit
// entry written with them does. Every attempt goes through the client SDK as a session token could,
// otherwise well formed (audited, signed, the password fresh), so only dual control can refuse it.
const RULES_FILE = process.env.LEDGERDESK_RULES_FILE ?? 'firestore.rules';
const HOUR = 3_600_000;

type Who = 'maker' | 'approver' | 'owner' | 'owner2';
const claims: Record<Who, { uid: string; token: Record<string, unknown> }> = {
  maker: { uid: 'maker', token: { email: 'maker@acme.test', role: 'admin' } },
  approver: { uid: 'approver', token: { email: 'approver@acme.test', role: 'admin' } },
  owner: { uid: 'owner', token: { email: 'owner@acme.test', admin: true } },
  owner2: { uid: 'owner2', token: { email: 'owner2@acme.test', role: 'owner' } }
};

let env: RulesTestEnvironment;
const dbOf = (who: Who): Firestore =>
  env.authenticatedContext(claims[who].uid, { ...claims[who].token, auth_time: Math.floor(Date.now() / 1000) }).firestore() as unknown as Firestore;
const at = (ms: number) => Timestamp.fromMillis(ms);

const oldAddresses = {
  BITCOIN: 'bc1qold',
  ETHEREUM: '0xold',
  USDT: '0xoldusdt',
  TRON: 'Told',
  LITECOIN: 'ltc1old'
};
const newAddresses = { ...oldAddresses, BITCOIN: 'bc1qnew' };
const oldRules = { cap24h: 5000, cap30d: null, blockedAddresses: [], stepUpAbove: 10000 };
const newRules = { cap24h: 50000, cap30d: null, blockedAddresses: [{ address: 'bc1qbad', reason: 'fraud' }], stepUpAbove: 10000 };
const policy = {
  withdrawalAtLeast: 1000,
  withdrawalsIn24hAtLeast: null,
  adjustmentAtLeast: 500,
  payoutOverride: false,
  walletChanges: true,
  riskRuleChanges: true,
  teamChanges: true,
  customerDeletion: false
};

const request = (overrides: DocumentData): DocumentData => ({
  kind: 'wallets',
  target: 'settings/walletAddresses',
  change: newAddresses,
  why: 'Changing where deposits go needs a second administrator.',
  summary: 'Receiving addresses changed: BITCOIN',
  method: 'wallets.save',
  decision: { addresses: newAddresses },
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

type Write = { path: string; data: DocumentData; replace?: boolean };

/** One audited commit as the ledger store makes it; the entry names the request it applies, if any. */
async function commit(who: Who, writes: Write[], approvalRequestId?: string, paths?: string[]): Promise<void> {
  const db = dbOf(who);
  const entryId = randomUUID();
  const batch = writeBatch(db);
  for (const write of writes) {
    const ref = doc(db, write.path);
    if (write.replace) batch.set(ref, { ...write.data, lastAuditId: entryId });
    else batch.update(ref, { ...write.data, lastAuditId: entryId });
  }
  // On the audit chain, with its head, as every entry is (§16.6).
  await addChainedEntry(db, batch, entryId, {
    kind: 'settings',
    action: 'settings.save',
    summary: 'rules test',
    paths: paths ?? writes.map((w) => w.path),
    adminUid: claims[who].uid,
    at: serverTimestamp(),
    ...(approvalRequestId ? { approvalRequestId } : {})
  });
  return batch.commit();
}

/** The approver's write applying request `req`: the document as written, and the request closed as applied in their name. */
const applying = (who: Who, req: string, write: Write) =>
  commit(
    who,
    [
      write,
      { path: `approvalRequests/${req}`, data: { state: 'succeeded', decidedBy: { uid: claims[who].uid, email: 'x@acme.test' }, decidedAt: serverTimestamp() } }
    ],
    req
  );

const wallets = (addresses: DocumentData): Write => ({ path: 'settings/walletAddresses', data: addresses, replace: true });
const riskRules = (rules: DocumentData): Write => ({ path: 'settings/riskRules', data: rules, replace: true });
const policyWrite = (fields: Record<string, unknown>): Write => ({
  path: 'settings/ledgerdesk',
  data: Object.fromEntries(Object.entries(fields).map(([field, value]) => [`approvals.${field}`, value]))
});

async function read(path: string): Promise<DocumentData | undefined> {
  let data: DocumentData | undefined;
  await env.withSecurityRulesDisabled(async (context) => {
    data = (await getDoc(doc(context.firestore() as unknown as Firestore, path))).data();
  });
  return data;
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
  const riskRequest = { kind: 'riskRules', target: 'settings/riskRules', change: newRules, method: 'riskRules.save', decision: { rules: newRules } };
  const policyRequest = {
    kind: 'policy',
    target: 'settings/ledgerdesk',
    change: { withdrawalAtLeast: null, walletChanges: false },
    method: 'platformSettings.save',
    requestedBy: { uid: 'owner', email: 'owner@acme.test' }
  };
  const docs: Record<string, DocumentData> = {
    'settings/ledgerdesk': { requireTxid: true, approvals: policy },
    'settings/walletAddresses': oldAddresses,
    'settings/riskRules': oldRules,
    'approvalRequests/wal-1': request({}),
    'approvalRequests/wal-self': request({ requestedBy: { uid: 'approver', email: 'approver@acme.test' } }),
    'approvalRequests/wal-expired': request({ expiresAt: at(Date.now() - 1000) }),
    'approvalRequests/wal-canceled': request({ state: 'canceled', decidedBy: { uid: 'maker', email: 'maker@acme.test' } }),
    'approvalRequests/risk-as-wallets': request({ ...riskRequest, target: 'settings/walletAddresses', change: newAddresses }),
    'approvalRequests/risk-1': request(riskRequest),
    'approvalRequests/risk-self': request({ ...riskRequest, requestedBy: { uid: 'approver', email: 'approver@acme.test' } }),
    'approvalRequests/risk-expired': request({ ...riskRequest, expiresAt: at(Date.now() - 1000) }),
    'approvalRequests/pol-1': request(policyRequest),
    'approvalRequests/pol-self': request({ ...policyRequest, requestedBy: { uid: 'owner2', email: 'owner2@acme.test' } }),
    'approvalRequests/pol-rejected': request({ ...policyRequest, state: 'rejected', decidedBy: { uid: 'owner2', email: 'owner2@acme.test' } })
  };
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    await Promise.all(Object.entries(docs).map(([path, data]) => setDoc(doc(db, path), data)));
  });
});

describe('firestore.rules: wallet addresses under dual control (walletChanges on)', () => {
  it('lets another administrator apply the open request once, exactly as asked', async () => {
    await assertSucceeds(applying('approver', 'wal-1', wallets(newAddresses)));
    expect(await read('settings/walletAddresses')).toMatchObject(newAddresses);
    expect((await read('approvalRequests/wal-1'))?.state).toBe('succeeded');
    // Used once: the applied request cannot carry the write again.
    await assertFails(applying('owner', 'wal-1', wallets({ ...newAddresses, TRON: 'Tagain' })));
  });

  it.each([
    ['without any request', () => commit('maker', [wallets(newAddresses)])],
    ['naming a request the entry did not come with', () => commit('approver', [wallets(newAddresses)], 'wal-1')],
    ['approved by the administrator who asked', () => applying('approver', 'wal-self', wallets(newAddresses))],
    ['with other addresses than requested', () => applying('approver', 'wal-1', wallets({ ...newAddresses, ETHEREUM: '0xattacker' }))],
    ['with an expired request', () => applying('approver', 'wal-expired', wallets(newAddresses))],
    ['with a cancelled request', () => applying('approver', 'wal-canceled', wallets(newAddresses))],
    ['with a request of another kind (risk rules) naming the addresses', () => applying('approver', 'risk-as-wallets', wallets(newAddresses))]
  ])('refuses the addresses %s', async (_why, attempt) => {
    await assertFails(attempt());
    expect(await read('settings/walletAddresses')).toMatchObject(oldAddresses);
  });

  it('refuses a request closed as applied while its document is not written in the same commit', async () => {
    await assertFails(
      commit(
        'approver',
        [{ path: 'approvalRequests/wal-1', data: { state: 'succeeded', decidedBy: { uid: 'approver', email: 'a@acme.test' }, decidedAt: serverTimestamp() } }],
        'wal-1'
      )
    );
  });

  it('lets one administrator save the addresses alone once the switch is off', async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore() as unknown as Firestore, 'settings/ledgerdesk'), { approvals: { ...policy, walletChanges: false } });
    });
    await assertSucceeds(commit('maker', [wallets(newAddresses)]));
  });
});

describe('firestore.rules: risk rules under dual control (riskRuleChanges on)', () => {
  it('lets another administrator apply the open request, exactly as asked', async () => {
    await assertSucceeds(applying('approver', 'risk-1', riskRules(newRules)));
    expect(await read('settings/riskRules')).toMatchObject(newRules);
  });

  it.each([
    ['without any request', () => commit('maker', [riskRules(newRules)])],
    ['approved by the administrator who asked', () => applying('approver', 'risk-self', riskRules(newRules))],
    ['with another cap than requested', () => applying('approver', 'risk-1', riskRules({ ...newRules, cap24h: 1_000_000 }))],
    ['with a blocked address dropped', () => applying('approver', 'risk-1', riskRules({ ...newRules, blockedAddresses: [] }))],
    ['with an expired request', () => applying('approver', 'risk-expired', riskRules(newRules))],
    ['with a wallet request', () => applying('approver', 'wal-1', riskRules(newRules))]
  ])('refuses the rules %s', async (_why, attempt) => {
    await assertFails(attempt());
    expect(await read('settings/riskRules')).toMatchObject(oldRules);
  });
});

describe('firestore.rules: the approval policy itself', () => {
  it.each([
    ['switched off alone (an amount removed)', { withdrawalAtLeast: null }],
    ['loosened alone (an amount raised)', { adjustmentAtLeast: 5000 }],
    ['loosened alone (a switch turned off)', { teamChanges: false }],
    ['loosened and tightened in one save', { withdrawalAtLeast: 10, walletChanges: false }]
  ])('refuses the policy %s by one owner', async (_why, fields) => {
    await assertFails(commit('owner', [policyWrite(fields)]));
    expect((await read('settings/ledgerdesk'))?.approvals).toEqual(policy);
  });

  it('lets one owner tighten it, and change other settings, at once', async () => {
    await assertSucceeds(commit('owner', [policyWrite({ withdrawalAtLeast: 500, payoutOverride: true, withdrawalsIn24hAtLeast: 2000 })]));
    await assertSucceeds(commit('owner', [{ path: 'settings/ledgerdesk', data: { requireTxid: false } }]));
  });

  it('lets another owner apply the loosening as asked, and nothing else', async () => {
    await assertFails(applying('owner2', 'pol-1', policyWrite({ withdrawalAtLeast: null, walletChanges: false, teamChanges: false })));
    await assertFails(applying('owner2', 'pol-1', policyWrite({ withdrawalAtLeast: null })));
    await assertFails(applying('owner2', 'pol-self', policyWrite({ withdrawalAtLeast: null, walletChanges: false })));
    await assertFails(applying('owner2', 'pol-rejected', policyWrite({ withdrawalAtLeast: null, walletChanges: false })));
    await assertSucceeds(applying('owner2', 'pol-1', policyWrite({ withdrawalAtLeast: null, walletChanges: false })));
    expect((await read('settings/ledgerdesk'))?.approvals).toEqual({ ...policy, withdrawalAtLeast: null, walletChanges: false });
  });
});
