import { Link } from 'react-router-dom';
import type { ReferralRow } from '../../../../shared/contract';
import { TextCell } from '../../components/data-table/cells';
import { column } from '../../components/data-table/column';
import { dateColumn, textColumn } from '../../components/data-table/common-columns';
import { StatusBadge } from '../../components/status/StatusBadge';

const linkClass =
  'rounded underline decoration-slate-300 underline-offset-4 hover:text-indigo-700 hover:decoration-indigo-400 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none';

/** The referrer's page when a customer matches the referral's referrer. */
function ReferrerCell({ name, userId }: { name: string; userId: string | null }) {
  if (userId) {
    return (
      <Link to={`/users/${encodeURIComponent(userId)}`} className={`font-medium text-slate-900 ${linkClass}`}>
        {name}
      </Link>
    );
  }
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
  column<ReferralRow>('referrer', 'Referrer Name', (row) => <ReferrerCell name={row.referrerName} userId={row.referrerUserId} />, {
    skeleton: 'w-32'
  }),
  textColumn<ReferralRow>('client', 'Client Name', (row) => row.clientName, 'w-32'),
  column<ReferralRow>(
    'email',
    'Client Email',
    // A referral stores the client's e-mail only: their page is found by it.
    (row) =>
      row.clientEmail ? (
        <Link to={`/users/by-email?${new URLSearchParams({ email: row.clientEmail }).toString()}`} className={`text-slate-600 ${linkClass}`}>
          {row.clientEmail}
        </Link>
      ) : (
        <TextCell value={null} />
      ),
    { skeleton: 'w-44' }
  ),
  // The platform records no status for referrals, so every one shows as Active (docs/product-rules.md §2).
  column<ReferralRow>('status', 'Client Status', (row) => <StatusBadge status={row.clientStatus} />, { skeleton: 'w-16' }),
  dateColumn<ReferralRow>('registered', 'Date Registered', (row) => row.timestamp)
];
