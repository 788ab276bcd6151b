import { UserPlus } from 'lucide-react';
import type { ReferralRow } from '@shared/contract';
import { MarkedCustomerLink } from '../../modules/customers/customer-columns';
import type { ListedCustomer } from '../../modules/customers/suspended-marks';
import { TextCell } from '../../components/data-table/cells';
import { column } from '../../components/data-table/column';
import type { PagedTableProps } from '../../components/data-table/PagedTable';
import { dateColumn, textColumn } from '../../components/data-table/common-columns';
import { StatusBadge } from '../../modules/status/StatusBadge';

/** Both customers a referral names: the referrer by their document, the client by the e-mail the referral stores. */
export const referralCustomers = (row: ReferralRow): ListedCustomer[] => [{ userId: row.referrerUserId, email: null }, { email: row.clientEmail }];

/** The referrer's page when a customer matches the referral's referrer. */
function ReferrerCell({ name, userId }: { name: string; userId: string | null }) {
  if (userId) return <MarkedCustomerLink userId={userId}>{name}</MarkedCustomerLink>;
  if (name === 'Unknown') {
    return (
      <span className="text-slate-500 italic" title="No customer matches this referral's referrer">
        Unknown
      </span>
    );
  }
  return <span className="font-medium text-slate-900">{name}</span>;
}

/**
 * Referrals as their screen lists them, newest first (docs/product-rules.md §2): Referrer Name,
 * Client Name, Client Email, Client Status, Date Registered.
 */
export const referralTable = {
  columns: [
    column<ReferralRow>('referrer', 'Referrer Name', (row) => <ReferrerCell name={row.referrerName ?? 'Unknown'} userId={row.referrerUserId} />, {
      skeleton: 'w-32'
    }),
    textColumn<ReferralRow>('client', 'Client Name', (row) => row.clientName, 'w-32'),
    column<ReferralRow>(
      'email',
      'Client Email',
      // A referral stores the client's e-mail only: their page is found by it.
      (row) => (row.clientEmail ? <MarkedCustomerLink email={row.clientEmail}>{row.clientEmail}</MarkedCustomerLink> : <TextCell value={null} />),
      // Who was referred: a list of referrals cannot hide it.
      { skeleton: 'w-44', required: true }
    ),
    // The platform records no status for referrals, so every one shows as Active (docs/product-rules.md §2).
    column<ReferralRow>('status', 'Client Status', (row) => <StatusBadge status={row.clientStatus} />, { skeleton: 'w-16' }),
    dateColumn<ReferralRow>('registered', 'Date Registered', (row) => row.timestamp)
  ],
  caption: 'Referrals, newest first',
  noun: { one: 'referral', many: 'referrals' },
  sortField: 'registration date',
  empty: { icon: UserPlus, title: 'No referrals found', description: 'Customers who sign up with a referral code appear here.' },
  loadMoreLabel: 'Load More Referrals'
} satisfies Pick<PagedTableProps<ReferralRow>, 'columns' | 'caption' | 'noun' | 'sortField' | 'empty' | 'loadMoreLabel'>;
