import { BadgeCheck, Ban, FileSearch, Mail, ShieldCheck, SlidersHorizontal, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { CustomerProfile } from '@shared/contract';
import { kycExpired } from '@shared/domain/users';
import { SuspendedBadge } from '../../../modules/customers/suspended-marks';
import { CopyButton } from '../../../components/CopyButton';
import { StatusBadge } from '../../../modules/status/StatusBadge';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { usePendingVerification, useSetVerified } from '../../../modules/customers/customer-actions';
import { formatCalendarDate, formatDate, MISSING } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useMay } from '../../../lib/role';

export type ProfileAction = 'manage' | 'kyc' | 'delete' | 'suspend';

function joined(timestamp: string | null): string {
  const day = formatDate(timestamp, '');
  return day ? `Joined ${day}` : 'Joining date not recorded';
}

/**
 * Who they are at a glance (name, e-mail, joined, verified, KYC) and what the signed-in role may do
 * to them: Manage and Delete are money decisions, Verify, Send e-mail and Suspend customer care;
 * View KYC is every role's.
 */
export function ProfileHeader({ profile, onAction }: { profile: CustomerProfile; onAction: (action: ProfileAction) => void }) {
  const mayDecide = useMay('decide');
  const mayCare = useMay('care');
  const verify = useSetVerified(profile);
  const saving = usePendingVerification(profile.id);
  const verified = saving ?? profile.verified;
  const who = profile.fullname || profile.email || 'this customer';
  // Expired as of when the page opened: a render later in the day does not change what it says.
  const [openedAt] = useState(Date.now);
  return (
    <header className="flex flex-wrap items-start justify-between gap-x-8 gap-y-4">
      <div className="min-w-0 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2.5">
          <h1 className="truncate text-2xl font-semibold tracking-tight text-slate-900">
            {profile.fullname || <span className="text-slate-500">No name</span>}
          </h1>
          {profile.suspended && <SuspendedBadge />}
          <Badge tone={verified ? 'success' : 'neutral'}>{verified ? 'Verified' : 'Not verified'}</Badge>
          <span className="inline-flex items-center gap-1.5 text-xs text-slate-500">
            KYC
            {profile.kycStatus ? <StatusBadge status={profile.kycStatus} /> : <Badge tone="neutral">None submitted</Badge>}
            {kycExpired({ status: profile.kycStatus, expiryDate: profile.kycExpiryDate }, openedAt) && (
              <Badge tone="danger" title={`The identity document expired on ${formatCalendarDate(profile.kycExpiryDate)}`}>
                Expired {formatCalendarDate(profile.kycExpiryDate)}
              </Badge>
            )}
          </span>
        </div>
        <p className="flex flex-wrap items-center gap-x-3 text-sm text-slate-600">
          {profile.email ? (
            <span className="inline-flex items-center">
              {profile.email}
              <CopyButton
                value={profile.email}
                label="Copy e-mail address"
                copiedMessage="E-mail address copied."
                failedMessage="Could not copy the e-mail address."
              />
            </span>
          ) : (
            <span className="text-slate-500">No e-mail {MISSING}</span>
          )}
          <span aria-hidden className="text-slate-300">
            ·
          </span>
          <span>{joined(profile.timestamp)}</span>
        </p>
      </div>

      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Customer actions">
        {mayDecide && (
          <Button variant="secondary" onClick={() => onAction('manage')} aria-haspopup="dialog" title={`Adjust ${who}'s balance and totals`}>
            <SlidersHorizontal aria-hidden />
            Manage
          </Button>
        )}
        {mayCare && (
          <Button
            variant="secondary"
            busy={saving !== undefined}
            onClick={() => verify.mutate(!profile.verified)}
            title={profile.verified ? `Mark ${who} as not verified` : `Mark ${who} as verified`}
          >
            {saving === undefined && <BadgeCheck aria-hidden />}
            {profile.verified ? 'Unverify' : 'Verify'}
          </Button>
        )}
        <Button
          variant="secondary"
          onClick={() => onAction('kyc')}
          disabled={!profile.hasKyc}
          aria-haspopup="dialog"
          title={profile.hasKyc ? `View ${who}'s KYC documents` : 'This customer has not submitted KYC documents'}
        >
          <FileSearch aria-hidden />
          View KYC
        </Button>
        {!mayCare ? null : profile.email ? (
          <Button variant="secondary" asChild>
            <Link to={`${paths.sendMail}?${new URLSearchParams({ to: profile.id }).toString()}`}>
              <Mail aria-hidden />
              Send e-mail
            </Link>
          </Button>
        ) : (
          <Button variant="secondary" disabled title="This customer has no e-mail address">
            <Mail aria-hidden />
            Send e-mail
          </Button>
        )}
        {mayCare && (
          <Button
            variant="secondary"
            onClick={() => onAction('suspend')}
            aria-haspopup="dialog"
            title={profile.suspended ? `Let ${who} sign in again` : `Stop ${who} signing in; their withdrawals then need an override`}
          >
            {profile.suspended ? <ShieldCheck aria-hidden /> : <Ban aria-hidden />}
            {profile.suspended ? 'Lift suspension' : 'Suspend'}
          </Button>
        )}
        {mayDecide && (
          <Button
            variant="ghost"
            className="text-rose-600 hover:bg-rose-50 hover:text-rose-700"
            onClick={() => onAction('delete')}
            aria-haspopup="dialog"
            title={`Delete ${who}`}
          >
            <Trash2 aria-hidden />
            Delete
          </Button>
        )}
      </div>
    </header>
  );
}
