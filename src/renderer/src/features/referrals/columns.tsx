import type { ReferralRow } from '../../../../shared/contract';
import { TextCell } from '../../components/data-table/cells';
import { column } from '../../components/data-table/column';
import { dateColumn, textColumn } from '../../components/data-table/common-columns';
import { StatusBadge } from '../../components/status/StatusBadge';

function ReferrerCell({ name }: { name: string }) {
  if (name === 'Unknown') {
    return (
      <span className="text-slate-500 italic" title="No customer matches this referral's referrer">
        Unknown
      </span>
    );
  }
  return <span className="font-medium text-slate-900">{name}</span>;
}

/** docs/product-rules.md §2: Referrer Name, Client Name, Client Email, Client Status, Date Registered. */
export const referralColumns = [
  column<ReferralRow>('referrer', 'Referrer Name', (row) => <ReferrerCell name={row.referrerName} />, { skeleton: 'w-32' }),
  textColumn<ReferralRow>('client', 'Client Name', (row) => row.clientName, 'w-32'),
  column<ReferralRow>(
    'email',
    'Client Email',
    (row) => (row.clientEmail ? <span className="text-slate-600">{row.clientEmail}</span> : <TextCell value={null} />),
    { skeleton: 'w-44' }
  ),
  // The platform records no status for referrals, so every one shows as Active (docs/product-rules.md §2).
  column<ReferralRow>('status', 'Client Status', (row) => <StatusBadge status={row.clientStatus} />, { skeleton: 'w-16' }),
  dateColumn<ReferralRow>('registered', 'Date Registered', (row) => row.timestamp)
];
