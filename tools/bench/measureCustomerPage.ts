// The customer page's first screen: users.profile and the first page of each of its seven tabs,
// each list with the customer fixed. Asked one after another: the emulator scans each collection
// (production reads an index), so eight scans at once only fight over the cores and, at scale 1 on
// two shared cores, ran past the app's 45-second deadline.
import type { BenchApp } from './app';
import { listPageReads } from './billing';
import type { Person } from './data';
import { timedRuns } from './timing';

/** Each tab's page size: 10, as the customer page asks (the audit log and e-mail queue screens page 25). */
export const TAB_PAGE_SIZES = {
  deposits: 10,
  withdrawals: 10,
  investments: 10,
  compoundInvestments: 10,
  referrals: 10,
  audit: 10,
  emails: 10
} as const;
export type Tab = keyof typeof TAB_PAGE_SIZES;

export interface TabReads {
  pageSize: number;
  rows: number;
  /** The page's documents (rows plus the one that says another page follows). */
  documents: number;
  countReads: number;
  note: string;
}

export interface CustomerPageResult {
  customer: string;
  ms: number;
  runsMs: number[];
  tabs: Record<Tab, TabReads>;
  tabDocuments: number;
  tabCountReads: number;
  /** The most the tabs may read: the sum of (page size + 1). */
  tabLimit: number;
  profile: { reads: number; note: string };
}

type PageLike = { rows: unknown[]; nextCursor: string | null; total: number | null; unlisted: number | null };

const tabOf = (tab: Tab, page: PageLike, extra = 0, note = ''): TabReads => {
  const billed = listPageReads({ rows: page.rows.length, hasMore: page.nextCursor !== null, total: page.total, unlisted: page.unlisted });
  return { pageSize: TAB_PAGE_SIZES[tab], rows: page.rows.length, documents: billed.documents + extra, countReads: billed.counts?.reads ?? 0, note };
};

export async function measureCustomerPage(app: BenchApp, heavy: Person, runs: number, log: (line: string) => void): Promise<CustomerPageResult> {
  const customer = { userId: heavy.id };
  const firstScreen = async () =>
    [
      await app.call('users.profile', { id: heavy.id }),
      await app.call('deposits.list', { customer }),
      await app.call('withdrawals.list', { customer }),
      await app.call('investments.list', { customer }),
      // Compound investments carry only the e-mail.
      await app.call('compoundInvestments.list', { customer: { email: heavy.email } }),
      await app.call('referrals.list', { referrer: { userId: heavy.id, code: heavy.referralId } }),
      await app.call('audit.list', { userId: heavy.id, pageSize: TAB_PAGE_SIZES.audit }),
      await app.call('mail.outbox', { to: heavy.email, pageSize: TAB_PAGE_SIZES.emails })
    ] as const;
  log(`customer page: ${runs} x users.profile and the first page of its 7 tabs, one after another...`);
  const timed = await timedRuns(runs, firstScreen);
  const [profile, deposits, withdrawals, investments, compound, referrals, audit, emails] = timed.value;
  log(`customer page: ${timed.runsMs.join(' / ')} ms`);

  const tabs: Record<Tab, TabReads> = {
    deposits: tabOf('deposits', deposits),
    withdrawals: tabOf('withdrawals', withdrawals),
    investments: tabOf('investments', investments),
    compoundInvestments: tabOf('compoundInvestments', compound),
    // One referrer's own referrals need no lookup of the referrer's name: the page already knows them.
    referrals: tabOf('referrals', referrals),
    audit: tabOf('audit', audit),
    emails: tabOf('emails', emails)
  };
  const all = Object.values(tabs);
  // The profile: the customer's document, and the referrer found by their referral code.
  const profileReads = 1 + (profile.referredBy ? 1 + (profile.referredBy.id === null ? 1 : 0) : 0);
  return {
    customer: heavy.email,
    ms: timed.ms,
    runsMs: timed.runsMs,
    tabs,
    tabDocuments: all.reduce((n, t) => n + t.documents, 0),
    tabCountReads: all.reduce((n, t) => n + t.countReads, 0),
    tabLimit: all.reduce((n, t) => n + t.pageSize + 1, 0),
    profile: {
      reads: profileReads,
      note: profile.referredBy ? "the customer's document and their referrer, found by referral code" : "the customer's document"
    }
  };
}
