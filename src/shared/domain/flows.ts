/**
 * The money a decision moved in or out of the platform, as its audit entry carries it (`flows`, in
 * cents), so a day's flows are sums over that day's audit entries (the daily snapshot,
 * src/shared/domain/dailySnapshot.ts). Unlike `moved` (what reconciliation adds to one customer's
 * figures), a flow is platform-wide: what was credited, paid or granted.
 */
export const flowNames = ['creditedDeposits', 'approvedWithdrawals', 'payouts', 'bonuses'] as const;
export type FlowName = (typeof flowNames)[number];

/** A decision's flows: only those it moved, each in whole cents. */
export type Flows = Partial<Record<FlowName, number>>;

/** What each flow is called on screen, in the CSV and in the docs. */
export const flowLabels: Record<FlowName, string> = {
  creditedDeposits: 'Credited deposits',
  approvedWithdrawals: 'Approved withdrawals',
  payouts: 'Payouts',
  bonuses: 'Bonuses'
};

/** The stored field a flow is summed from: `flows.creditedDeposits`. */
export const flowField = (name: FlowName): string => `flows.${name}`;
