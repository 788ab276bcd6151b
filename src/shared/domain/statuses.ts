/** The statuses an administrator can pick per record type, in the order the spec lists them. */
export const depositStatuses = ['pending', 'success', 'failed'] as const;
export const withdrawalStatuses = ['pending', 'approved', 'rejected'] as const;
export const investmentStatuses = ['active', 'completed', 'cancelled'] as const;
export const compoundInvestmentStatuses = ['active', 'completed', 'pending'] as const;

export type DepositStatus = (typeof depositStatuses)[number];
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];
export type InvestmentStatus = (typeof investmentStatuses)[number];
export type CompoundInvestmentStatus = (typeof compoundInvestmentStatuses)[number];

export const APPROVED_WITHDRAWAL_LOCKED = 'Cannot change status of an approved withdrawal.';
export const REJECTED_WITHDRAWAL_LOCKED =
  'Cannot change status of a rejected withdrawal: the amount was already returned to the customer.';
export const SUCCESSFUL_DEPOSIT_LOCKED =
  'Cannot change status of a successful deposit: the customer has already been credited.';

/** Why a record's status can no longer change, or null while it can. Screens show this on the row. */
export function depositLock(status: string): string | null {
  return status === 'success' ? SUCCESSFUL_DEPOSIT_LOCKED : null;
}

export function withdrawalLock(status: string): string | null {
  if (status === 'approved') return APPROVED_WITHDRAWAL_LOCKED;
  if (status === 'rejected') return REJECTED_WITHDRAWAL_LOCKED;
  return null;
}

export const statusLabel = (status: string): string =>
  status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Unknown';
