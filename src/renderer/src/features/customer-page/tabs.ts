/** The sections of a user's page, in the order they show, each with its name; the URL's `tab` names one. */
const sections = [
  ['deposits', 'Deposits'],
  ['withdrawals', 'Withdrawals'],
  ['investments', 'Investments'],
  ['compound', 'Compound investments'],
  ['referrals', 'Referrals'],
  ['audit', 'Audit'],
  ['emails', 'E-mails'],
  ['notes', 'Notes'],
  ['journal', 'Journal']
] as const;

export type CustomerTab = (typeof sections)[number][0];
export const customerTabs: readonly CustomerTab[] = sections.map(([tab]) => tab);
export const tabLabel = (tab: CustomerTab): string => sections.find(([name]) => name === tab)?.[1] ?? tab;

/** The tab in the URL, or Deposits (the first thing an administrator checks) for none or an unknown one. */
export const tabOf = (value: string | null): CustomerTab => ((customerTabs as readonly string[]).includes(value ?? '') ? (value as CustomerTab) : 'deposits');

/** "Olivia Bennett" -> "Olivia", for the empty states ("Olivia has made no referrals yet."). */
export const firstName = (fullname: string | null, email: string | null): string => fullname?.trim().split(/\s+/)[0] || email || 'This customer';
