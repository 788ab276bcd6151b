import type { ReferralRow } from '@shared/contract';
import { MarkedCustomerLink } from '../../../modules/customers/customer-columns';
import { TextCell } from '../../../components/data-table/cells';
import { column } from '../../../components/data-table/column';
import { dateColumn, textColumn } from '../../../components/data-table/common-columns';
import { StatusBadge } from '../../../modules/status/StatusBadge';

/** The referred customer's page, found by their e-mail (a referral stores only that). */
function ClientEmailCell({ email }: { email: string | null }) {
  if (!email) return <TextCell value={null} />;
  return <MarkedCustomerLink email={email}>{email}</MarkedCustomerLink>;
}

/** The referrals page's columns without the referrer, who is the customer whose page this is. */
export const customerReferralColumns = [
  textColumn<ReferralRow>('client', 'Client Name', (row) => row.clientName, 'w-32'),
  column<ReferralRow>('email', 'Client Email', (row) => <ClientEmailCell email={row.clientEmail} />, { skeleton: 'w-44', required: true }),
  column<ReferralRow>('status', 'Client Status', (row) => <StatusBadge status={row.clientStatus} />, { skeleton: 'w-16' }),
  dateColumn<ReferralRow>('registered', 'Date Registered', (row) => row.timestamp)
];
