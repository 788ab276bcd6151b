/** The statuses an administrator can pick per record type, in the order the screens list them (docs/product-rules.md §5). */
export const depositStatuses = ['pending', 'success', 'failed'] as const;
export const withdrawalStatuses = ['pending', 'approved', 'rejected'] as const;
export const investmentStatuses = ['active', 'completed', 'cancelled'] as const;
export const compoundInvestmentStatuses = ['active', 'completed', 'pending'] as const;

export type DepositStatus = (typeof depositStatuses)[number];
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];
export type InvestmentStatus = (typeof investmentStatuses)[number];
export type CompoundInvestmentStatus = (typeof compoundInvestmentStatuses)[number];

export const APPROVED_WITHDRAWAL_LOCKED = 'Cannot change status of an approved withdrawal.';
export const REJECTED_WITHDRAWAL_LOCKED = 'Cannot change status of a rejected withdrawal: the amount was already returned to the customer.';
export const SUCCESSFUL_DEPOSIT_LOCKED = 'Cannot change status of a successful deposit: the customer has already been credited.';

/** A stored status Ledgerdesk treats as "none yet": the field is missing, null or empty. */
const noStatus = (status: unknown): boolean => status === undefined || status === null || status === '';

/**
 * The stored statuses a record can still change from, besides none (missing, null or ''): an open
 * record. Anything else is final or a value Ledgerdesk does not recognise, and is locked.
 */
export const openStatuses = { deposits: ['pending', 'failed'], withdrawals: ['pending'] } as const;

/** A stored value as the lock names it: strings quoted, anything else as it is (3, true, {...}). */
const storedValue = (status: unknown): string => {
  if (typeof status === 'string') return `"${status}"`;
  try {
    return typeof status === 'object' ? JSON.stringify(status) : String(status);
  } catch {
    return String(status);
  }
};

const unrecognised = (record: 'deposit' | 'withdrawal', status: unknown, changeable: string): string =>
  `Cannot change status of this ${record}: its stored status ${storedValue(status)} is not one Ledgerdesk recognises ` +
  `(a ${record} can change only from ${changeable}).`;

/**
 * Why a record's status can no longer change, or null while it can. One rule for the domain (which
 * passes the stored value as it is) and the list rows (which pass the row's status text), so a row
 * shows the lock exactly when the change would be refused. Only the statuses a record can move
 * from are open; everything else is locked, including values Ledgerdesk does not know ("Success",
 * "approved" on a deposit, a number), so an odd spelling can never be credited twice.
 */
export function depositLock(status: unknown): string | null {
  if (noStatus(status) || (openStatuses.deposits as readonly unknown[]).includes(status)) return null;
  if (status === 'success') return SUCCESSFUL_DEPOSIT_LOCKED;
  return unrecognised('deposit', status, 'pending, failed or no status');
}

export function withdrawalLock(status: unknown): string | null {
  if (noStatus(status) || (openStatuses.withdrawals as readonly unknown[]).includes(status)) return null;
  if (status === 'approved') return APPROVED_WITHDRAWAL_LOCKED;
  if (status === 'rejected') return REJECTED_WITHDRAWAL_LOCKED;
  return unrecognised('withdrawal', status, 'pending or no status');
}

export const statusLabel = (status: string): string => (status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Unknown');
