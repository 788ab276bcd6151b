import type { QueryKey } from '@tanstack/react-query';

/**
 * The root of every screen's cache keys. Each feature's api/ module builds its key factory on its
 * root (`depositKeys.list()` is `['deposits', 'list']`); a change that moves another screen's figures
 * invalidates that screen's root from here, so features never import each other for a key.
 */
export const rootKeys = {
  app: ['app'],
  dashboard: ['dashboard'],
  users: ['users'],
  deposits: ['deposits'],
  withdrawals: ['withdrawals'],
  investments: ['investments'],
  compoundInvestments: ['compoundInvestments'],
  referrals: ['referrals'],
  plans: ['plans'],
  wallets: ['wallets'],
  mail: ['mail'],
  audit: ['audit'],
  riskRules: ['riskRules'],
  approvals: ['approvals']
} as const satisfies Record<string, QueryKey>;

/** Every screen whose numbers a money change (a status change, Manage user) can move. */
export const keysMovedByMoney: QueryKey[] = [rootKeys.dashboard, rootKeys.users, rootKeys.mail, rootKeys.audit];

/**
 * The key factory of a screen that is one paged list: `all` for invalidation, `list()` for the query
 * (and the prefix of every filtered view of it), `filtered(input)` for one set of filters, whose
 * pages are cached apart, and `counts(input)` for its status tabs.
 */
export const listKeys = (all: QueryKey) => ({
  all,
  list: () => [...all, 'list'] as const,
  filtered: (input: object) => [...all, 'list', input] as const,
  counts: (input: object) => [...all, 'counts', input] as const
});
