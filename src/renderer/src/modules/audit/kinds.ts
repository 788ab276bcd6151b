import { auditKinds, type AuditKind } from '@shared/domain/changeset';
import type { MailState } from '@shared/contract';

export const auditKindLabels: Record<AuditKind, string> = {
  deposit: 'Deposits',
  withdrawal: 'Withdrawals',
  investment: 'Investments',
  compoundInvestment: 'Compound investments',
  user: 'Customers',
  plan: 'Investment plans',
  wallets: 'Wallet addresses',
  settings: 'Platform settings',
  mail: 'E-mails',
  reconciliation: 'Reconciliation',
  access: 'Sign-ins and access',
  team: 'The team'
};

/** One record of each kind, for the badge on an entry. */
export const auditKindNouns: Record<AuditKind, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  investment: 'Investment',
  compoundInvestment: 'Compound investment',
  user: 'Customer',
  plan: 'Plan',
  wallets: 'Wallets',
  settings: 'Settings',
  mail: 'E-mail',
  reconciliation: 'Reconciliation',
  access: 'Access',
  team: 'Team'
};

export const isAuditKind = (value: string | null): value is AuditKind => value !== null && (auditKinds as readonly string[]).includes(value);

/** The outbox states in the order an e-mail goes through them (a type-only import keeps zod out of the page). */
export const mailStateList = ['queued', 'sending', 'sent', 'failed'] as const satisfies readonly MailState[];

export const isMailState = (value: string | null): value is MailState => value !== null && (mailStateList as readonly string[]).includes(value);

export const mailKindLabels: Record<string, string> = {
  investmentActivated: 'Investment activated',
  referralBonus: 'Referral bonus',
  withdrawalProcessed: 'Withdrawal processed',
  withdrawalRejected: 'Withdrawal rejected',
  custom: 'Custom message',
  kycApproved: 'KYC approved',
  kycRejected: 'KYC rejected',
  kycResubmission: 'KYC resubmission requested',
  invitation: 'Team invitation'
};
