/**
 * Every screen's address, spelled once. The route table (app/routes.ts) gives each its page, title
 * and place in the sidebar; a screen that links to another takes the address from here, since a
 * feature may not import app/ (docs/architecture.md §5). The router matches without case.
 */
export const paths = {
  dashboard: '/',
  users: '/users',
  // A static segment outranks :id, so by-email and deleted are never read as a customer's id.
  deletedUsers: '/users/deleted',
  userByEmail: '/users/by-email',
  user: '/users/:id',
  deposits: '/deposits',
  withdrawals: '/withdrawals',
  investments: '/investments',
  compoundInvestments: '/cmdinvestments',
  // The platform's original admin spells it with a capital S (docs/product-rules.md §2).
  plans: '/Settings',
  sendMail: '/sendmail',
  wallets: '/walletsettings',
  referrals: '/referrals',
  audit: '/audit',
  reconciliation: '/reconciliation',
  evidence: '/evidence',
  riskRules: '/risk-rules',
  team: '/team',
  approvals: '/approvals',
  login: '/login',
  logout: '/logout',
  notFound: '*'
} as const;

export type ScreenName = keyof typeof paths;

/** A customer's page: `/users/<id>`. */
export const customerPagePath = (id: string): string => `${paths.users}/${encodeURIComponent(id)}`;
