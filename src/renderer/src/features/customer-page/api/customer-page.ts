import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { MoneyListName, CustomerProfile } from '@shared/contract';
import { customerSearchQuery } from '../../../modules/customers/customer-queries';
import { useReviewLists } from '../../../modules/review-list/lists-context';
import { pagedQuery, pageFetcher } from '../../../components/data-table/paged-query';
import { api, call, isApiError } from '../../../lib/api';
import { rootKeys } from '../../../lib/query-keys';

/**
 * One customer's page. Every key sits under the root of what it shows ('users', 'referrals',
 * 'audit', 'mail', a money list's), so a change made anywhere refreshes this page too: Manage
 * Users' writes, a deposit decided on its list, an e-mail retried on the audit screen.
 */
export const customerPageKeys = {
  profile: (id: string) => [...rootKeys.users, 'profile', id] as const,
  byEmail: (email: string) => [...rootKeys.users, 'byEmail', email] as const,
  referrals: (id: string, code: string | null) => [...rootKeys.referrals, 'customer', id, code ?? ''] as const,
  audit: (id: string) => [...rootKeys.audit, 'customer', id] as const,
  mail: (email: string) => [...rootKeys.mail, 'customer', email] as const
};

/** The customer, always read afresh when the page opens; "gone" is a state of the page, not a toast. */
export const useProfile = (id: string) =>
  useQuery({
    queryKey: customerPageKeys.profile(id),
    queryFn: () => call(() => api().users.profile({ id })),
    staleTime: 0,
    retry: (failures, error) => !isApiError(error, 'NOT_FOUND') && failures < 2,
    meta: { silent: true }
  });

/** The e-mail a list row shows, as the stored one may differ in case: "Ann@X.com" is ann@x.com. */
export const sameEmail = (a: string | null, b: string) => a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The customer whose e-mail is exactly this one (lists that know only an e-mail link here):
 * the prefix search of the webmail picker, then an exact match; null when nobody has it.
 */
export const useCustomerByEmail = (email: string) =>
  useQuery({
    ...customerSearchQuery(email.trim()),
    enabled: email.trim() !== '',
    select: (result) => result.rows.find((row) => sameEmail(row.email, email))?.id ?? null,
    meta: { silent: true }
  });

/** Every tab pages like the money lists (10), so the page's first screen reads at most 7 x 11 documents. */
const CUSTOMER_TAB_PAGE = 10;

/** The referrals they made: referrals name their referrer by document id or by referral code. */
export const useCustomerReferrals = (profile: CustomerProfile) => {
  const referrer = { userId: profile.id, code: profile.referralCode };
  return useInfiniteQuery({
    ...pagedQuery(
      customerPageKeys.referrals(profile.id, profile.referralCode),
      pageFetcher((input) => api().referrals.list({ ...input, referrer }))
    ),
    meta: { silent: true }
  });
};

/** The audit entries about them: new entries carry the customer's id, so this is one indexed query. */
export const useCustomerAudit = (id: string) =>
  useInfiniteQuery({
    ...pagedQuery(
      customerPageKeys.audit(id),
      pageFetcher((input) => api().audit.list({ pageSize: CUSTOMER_TAB_PAGE, ...input, userId: id }))
    ),
    meta: { silent: true }
  });

/** The e-mails queued or sent to their address. */
export const useCustomerMail = (email: string | null) =>
  useInfiniteQuery({
    ...pagedQuery(
      customerPageKeys.mail(email ?? ''),
      pageFetcher((input) => api().mail.outbox({ pageSize: CUSTOMER_TAB_PAGE, ...input, to: email ?? '' }))
    ),
    enabled: email !== null,
    meta: { silent: true }
  });

/** Whose records a money list shows: by id where the records carry it, by e-mail for compound investments (they carry only that). */
const customerFilter = (list: MoneyListName, profile: Pick<CustomerProfile, 'id' | 'email'>) =>
  list === 'compoundInvestments' ? (profile.email ? { email: profile.email } : null) : { userId: profile.id };

/**
 * How many records of one money list the customer has: an aggregation, no document read. The
 * same cache entry as the embedded list's status tabs (All) while no dates are chosen.
 */
export const useMoneyCount = (list: MoneyListName, profile: Pick<CustomerProfile, 'id' | 'email'>) => {
  const customer = customerFilter(list, profile);
  const input = customer ? { customer } : {};
  const shown = useReviewLists()[list];
  return useQuery({
    queryKey: shown.keys.counts(input),
    queryFn: () => shown.counts(input),
    enabled: customer !== null,
    select: (counts) => counts.all,
    meta: { silent: true }
  });
};

/** The customer's stored totals against their records and audited adjustments, read as the reconciliation run reads them; read when the page opens. */
export const useFiguresCheck = (id: string) =>
  useQuery({
    queryKey: [...rootKeys.users, 'reconcile', id] as const,
    queryFn: () => call(() => api().users.reconcile({ id })),
    staleTime: 0,
    meta: { silent: true }
  });
