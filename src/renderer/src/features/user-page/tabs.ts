/** The sections of a customer's page, in the order they show; the URL's `tab` names one. */
export const userTabs = ['deposits', 'withdrawals', 'investments', 'compound', 'referrals', 'audit', 'emails'] as const;
export type UserTab = (typeof userTabs)[number];

export const tabLabels: Record<UserTab, string> = {
  deposits: 'Deposits',
  withdrawals: 'Withdrawals',
  investments: 'Investments',
  compound: 'Compound investments',
  referrals: 'Referrals',
  audit: 'Audit',
  emails: 'E-mails'
};

/** The tab in the URL, or Deposits (the first thing an administrator checks) for none or an unknown one. */
export const tabOf = (value: string | null): UserTab =>
  (userTabs as readonly string[]).includes(value ?? '') ? (value as UserTab) : 'deposits';

/** "Olivia Bennett" -> "Olivia", for the empty states ("Olivia has made no referrals yet."). */
export const firstName = (fullname: string | null, email: string | null): string =>
  fullname?.trim().split(/\s+/)[0] || email || 'This customer';
