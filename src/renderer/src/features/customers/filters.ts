import type { CustomerRow } from '@shared/contract';
import { kycExpired } from '@shared/domain/users';
import { lists, planList, type ListOrder } from '@shared/queries/lists';
import { kycStatuses, type KycStatus } from '@shared/schemas/lists';

/**
 * The users list as the URL asks for it (/users?verified=no&kyc=pending&order=oldest): reload,
 * back/forward and a copied link keep the view. Absent parameters mean "not filtered".
 */
export interface CustomersView {
  verified: boolean | null;
  kyc: KycStatus | null;
  order: ListOrder;
}

export const ALL_CUSTOMERS: CustomersView = { verified: null, kyc: null, order: 'newest' };

export const orderLabels: Record<ListOrder, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  largest: 'Highest balance first'
};

export const kycLabels: Record<KycStatus, string> = {
  none: 'None',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  resubmissionRequested: 'Resubmission requested',
  expired: 'Expired'
};

const isKyc = (value: string | null): value is KycStatus => (kycStatuses as readonly string[]).includes(value ?? '');
const isOrder = (value: string | null): value is ListOrder => (lists.users.orders as readonly string[]).includes(value ?? '');

export function viewOf(params: URLSearchParams): CustomersView {
  const verified = params.get('verified');
  const kyc = params.get('kyc');
  const order = params.get('order');
  return {
    verified: verified === 'yes' ? true : verified === 'no' ? false : null,
    kyc: isKyc(kyc) ? kyc : null,
    order: isOrder(order) ? order : 'newest'
  };
}

/** The URL of a view: only what differs from the whole list, in a fixed order, so one view has one link. */
export function searchOf(view: CustomersView): string {
  const params = new URLSearchParams();
  if (view.verified !== null) params.set('verified', view.verified ? 'yes' : 'no');
  if (view.kyc) params.set('kyc', view.kyc);
  if (view.order !== 'newest') params.set('order', view.order);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** "KYC pending, oldest first": the KYC queue. */
export const KYC_QUEUE: CustomersView = { verified: null, kyc: 'pending', order: 'oldest' };

export const isKycQueue = (view: CustomersView) => view.kyc === 'pending' && view.order === 'oldest' && view.verified === null;

/** The list method's filters for a view. */
export const usersInput = (view: CustomersView) => ({
  ...(view.verified !== null ? { verified: view.verified } : {}),
  ...(view.kyc ? { kyc: view.kyc } : {}),
  order: view.order
});

/** Why Firestore cannot list this view (customers without KYC), or null when it can. */
export function unlistableReason(view: CustomersView): string | null {
  // Expired KYC has a list of its own, by expiry date (src/shared/queries/lists.ts expiredKyc).
  if (view.kyc === 'expired') return null;
  const planned = planList(lists.users, { equal: { verified: view.verified, kyc: view.kyc }, order: view.order });
  return planned.ok ? null : planned.reason;
}

/** The reason a KYC status cannot be chosen, whatever else is filtered. */
export const kycReason = (kyc: KycStatus): string | null => unlistableReason({ ...ALL_CUSTOMERS, kyc });

/** The filters in words: ["not verified", "KYC pending"]; empty for the whole list. */
export function filterWords(view: CustomersView): string[] {
  return [
    ...(view.verified === null ? [] : [view.verified ? 'verified' : 'not verified']),
    ...(view.kyc ? [view.kyc === 'none' ? 'without KYC' : `KYC ${kycLabels[view.kyc].toLowerCase()}`] : [])
  ];
}

/** Expired KYC is listed by its expiry date, whatever order the view names. */
export const orderWords = (view: CustomersView): string => (view.kyc === 'expired' ? 'expired longest ago first' : orderLabels[view.order].toLowerCase());

/** The table's caption: "Customers, KYC pending, oldest first". */
export const captionOf = (view: CustomersView) => ['Customers', ...filterWords(view), orderWords(view)].join(', ');

/** Export CSV's file name says which filters made it: customers-kyc-pending-oldest-first. */
export const exportNameOf = (view: CustomersView) =>
  ['customers', ...filterWords(view), ...(view.order === 'newest' ? [] : [orderLabels[view.order]])].join('-').toLowerCase().replace(/\W+/g, '-');

/** The date or amount the list sorts by, in "3 customers have no … and are not listed". */
export const sortFieldOf = (view: CustomersView) =>
  view.kyc === 'expired' ? 'KYC expiry date' : view.order === 'largest' ? 'numeric balance' : 'sign-up date';

/** Whether a customer found by searching all customers belongs in the filtered view. */
export function inView(row: CustomerRow, view: CustomersView): boolean {
  if (view.verified !== null && row.verified !== view.verified) return false;
  if (view.kyc === null) return true;
  if (view.kyc === 'expired') return kycExpired({ status: row.kycStatus, expiryDate: row.kycExpiryDate }, Date.now());
  return view.kyc === 'none' ? !row.hasKyc : row.kycStatus === view.kyc;
}
