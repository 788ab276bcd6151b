/**
 * The dashboard's cards, one figure each: a figure is asked for on its own, so every card fills as
 * its aggregation answers. Apart from contract.ts so the page can list them without loading zod.
 */
export const dashboardFigureNames = [
  'withdrawals.total',
  'withdrawals.approved',
  'withdrawals.pending',
  'withdrawals.rejected',
  'withdrawals.approvedAmount',
  'deposits.total',
  'deposits.success',
  'deposits.pending',
  'deposits.failed',
  'deposits.successAmount',
  // Customers whose KYC submission waits for a decision: the KYC queue's length.
  'kyc.pending',
  // What the platform owes: customers' positive balances (those below zero told apart), withdrawals nothing
  // decided (pending or without a status), the principal of active investments and of active compound investments.
  'users.balanceTotal',
  'withdrawals.pendingAmount',
  'investments.activeAmount',
  'compoundInvestments.activeAmount',
  // The last finished reconciliation run's drifted customers (its date in `at`).
  'reconciliation.drifted',
  // Active investments past maturity, and what they owe (principal plus ROI): the Due tab's length.
  'investments.due',
  'investments.dueOwed',
  // Approved KYC whose expiryDate has passed (docs/product-rules.md §6.4).
  'kyc.expired',
  // Changes to customers' money the journal marks outside Ledgerdesk, in the last 24 hours (docs/product-rules.md §6.10).
  'journal.outsideLastDay'
] as const;

export type DashboardFigureName = (typeof dashboardFigureNames)[number];
