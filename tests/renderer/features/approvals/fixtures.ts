import type { ApprovalRequest } from '@shared/contract';

// Approval requests of every kind as approvals.list answers them, and a window.api that answers
// approvals.* and the reads each kind's card makes; it records what each method was sent.

export const maker = { uid: 'maker-1', email: 'maker@ledgerdesk.test' };

const base = (over: Partial<ApprovalRequest>): ApprovalRequest => ({
  id: 'req-1',
  kind: 'withdrawal',
  target: 'withdrawals/wd-big',
  state: 'requires_review',
  summary: 'Approve withdrawal wd-big of $1,500.00',
  why: 'Needs a second administrator.',
  method: 'withdrawals.setStatus',
  decision: { id: 'wd-big', status: 'approved' },
  previewVersion: 'v1',
  requestedBy: maker,
  requestedAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-23T10:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  reason: null,
  ...over
});

export const requests = {
  adjustment: base({
    id: 'req-adjust',
    kind: 'adjustment',
    target: 'users/wes',
    summary: 'Balance of Wes Withdrawer: $40.00 -> $2,540.00',
    why: "Manage adjustments of $1,000.00 or more need a second administrator's approval.",
    method: 'users.adjust',
    decision: { id: 'wes', field: 'balance', operation: 'add', amount: 2500, reason: 'Deposit credited by hand', allowNegative: false }
  }),
  payout: base({
    id: 'req-payout',
    kind: 'payout',
    target: 'investments/inv-7',
    summary: 'Pay out investment inv-7 of $3,000.00',
    why: 'Payouts with an override need a second administrator.',
    method: 'investments.payout',
    decision: { id: 'inv-7', overrideReason: 'Customer asked again after the plan changed' }
  }),
  customerDeletion: base({
    id: 'req-delete',
    kind: 'customerDeletion',
    target: 'users/del',
    summary: 'Delete customer Dora Deleted',
    why: 'Deleting a customer needs a second administrator.',
    method: 'users.delete',
    decision: { id: 'del', reason: 'Asked to close the account', force: true }
  }),
  wallets: base({
    id: 'req-wallets',
    kind: 'wallets',
    target: 'settings/walletAddresses',
    summary: 'Wallet addresses: ETHEREUM changed',
    why: 'Wallet address changes need a second administrator.',
    method: 'wallets.save',
    decision: {
      addresses: {
        BITCOIN: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
        ETHEREUM: '0x52908400098527886E0F7030069857D2E4169EE7',
        USDT: '',
        TRON: '',
        LITECOIN: ''
      }
    }
  }),
  riskRules: base({
    id: 'req-rules',
    kind: 'riskRules',
    target: 'settings/riskRules',
    summary: 'Risk rules: 24-hour cap $5,000.00, blocked 0xbad',
    why: 'Risk rule changes need a second administrator.',
    method: 'riskRules.save',
    decision: {
      rules: { cap24h: 5000, cap30d: null, stepUpAbove: 10000, blockedAddresses: [{ address: '0xbad', reason: 'Scam reports' }] }
    }
  }),
  policy: base({
    id: 'req-policy',
    kind: 'policy',
    target: 'settings/ledgerdesk',
    summary: 'Approval policy loosened',
    why: 'Loosening the approval policy needs a second administrator.',
    method: 'platformSettings.save',
    decision: { changes: { approvals: { adjustmentAtLeast: 2000, walletChanges: false } } }
  }),
  team: base({
    id: 'req-team',
    kind: 'team',
    target: 'team/uid-sam',
    summary: 'Change the role of sam@ledgerdesk.test to Viewer',
    why: 'Team changes need a second administrator.',
    method: 'team.setRole',
    decision: { uid: 'uid-sam', role: 'viewer' }
  })
} satisfies Record<string, ApprovalRequest>;

/** A request of a kind this screen does not know (a newer main process). */
export const unknownKind = base({
  id: 'req-new',
  kind: 'somethingNew' as ApprovalRequest['kind'],
  target: 'things/t1',
  summary: 'Do the new thing to t1',
  method: 'things.do',
  decision: { id: 't1', level: 3, mode: 'fast' }
});

const customer = {
  id: 'wes',
  fullname: 'Wes Withdrawer',
  email: 'wes@example.com',
  balance: 40,
  Totaldeposit: 5000,
  Totalwithdrawal: 1000,
  totalearnings: 120,
  TotalBonus: 10,
  withdrawalLimit: null,
  withdrawalFeePercentage: null,
  verified: true,
  hasKyc: true,
  kycStatus: 'approved',
  kycExpiryDate: null,
  suspended: false,
  timestamp: null,
  suspension: null,
  referralCode: null,
  referredBy: null
};

type Answer = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } };
export const ok = (value: unknown): Answer => ({ ok: true, value });
const refused = (code: string, message: string): Answer => ({ ok: false, error: { code, message } });

/** What each read answers; a test replaces one to change what is stored now. */
export const stored = () => ({
  'users.profile': (input: Record<string, unknown>) => ok({ ...customer, id: input.id }),
  'users.card': () =>
    ok({
      id: 'del',
      fullname: 'Dora Deleted',
      email: 'dora@example.com',
      balance: 250,
      Totaldeposit: 900,
      Totalwithdrawal: 650,
      totalearnings: 0,
      TotalBonus: 0
    }),
  'investments.payoutPreview': () =>
    ok({
      allowed: true,
      refusal: null,
      effects: [{ label: 'Balance of Ivy Investor', before: 100, after: 3100 }],
      activation: null,
      emails: [],
      notes: [],
      overrides: [],
      needsApproval: null,
      version: 'v1'
    }),
  'wallets.get': () =>
    ok({
      addresses: {
        BITCOIN: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
        ETHEREUM: '0x0000000000000000000000000000000000000001',
        USDT: null,
        TRON: null,
        LITECOIN: null
      }
    }),
  'riskRules.get': () => ok({ cap24h: null, cap30d: null, stepUpAbove: 10000, blockedAddresses: [] }),
  'platformSettings.get': () =>
    ok({
      requireTxid: false,
      paysMaturedInvestments: false,
      explorers: { BITCOIN: null, ETHEREUM: null, USDT: null, TRON: null, LITECOIN: null },
      mailDelivery: 'desktop',
      reconciliationHour: null,
      reconciliationFullRunWeekday: null,
      timeZone: 'UTC',
      approvals: {
        withdrawalAtLeast: 1000,
        withdrawalsIn24hAtLeast: null,
        adjustmentAtLeast: null,
        payoutOverride: false,
        customerDeletion: false,
        walletChanges: true,
        riskRuleChanges: false,
        teamChanges: false
      }
    }),
  'team.list': () =>
    ok({
      members: [
        { uid: 'uid-sam', email: 'sam@ledgerdesk.test', role: 'admin', mfa: false, lastSignInAt: null, disabled: false, invitedAt: null, invitedBy: null }
      ]
    })
});

export type Reads = Partial<Record<string, (input: Record<string, unknown>) => Answer>>;

export function fakeApi(listed: ApprovalRequest[], reads: Reads = {}) {
  const sent: Record<string, Record<string, unknown>[]> = {};
  const methods: Reads = {
    ...stored(),
    'approvals.list': (input) => ok({ requests: input.state ? listed.filter((r) => r.state === input.state) : listed }),
    ...reads
  };
  (window as unknown as { api: unknown }).api = new Proxy(
    {},
    {
      get: (_target, namespace: string) =>
        namespace === 'on'
          ? () => () => undefined
          : new Proxy(
              {},
              {
                get: (_t, method: string) => async (input: Record<string, unknown>) => {
                  const name = `${namespace}.${method}`;
                  (sent[name] ??= []).push(input);
                  return methods[name]?.(input) ?? refused('UNAVAILABLE', 'Not in this test.');
                }
              }
            )
    }
  );
  return sent;
}
