import type { ReactNode } from 'react';
import type { CustomerProfile } from '@shared/contract';
import { adjustableFields, fieldLabels, formatFieldValue } from '@shared/domain/users';
import { CopyButton } from '../../../components/CopyButton';
import { CustomerLink } from '../../../modules/customers/CustomerLink';
import { Card } from '../../../components/ui/Card';
import { Fact } from '../../../components/ui/Fact';
import { MISSING } from '../../../lib/format';

function Figure({ label, value, negative }: { label: string; value: string; negative: boolean }) {
  return (
    <Fact
      label={label}
      className="px-4 py-3.5"
      labelClassName="truncate text-xs font-medium text-slate-500"
      valueClassName={negative ? 'mt-1 text-lg font-semibold text-rose-700 tabular-nums' : 'mt-1 text-lg font-semibold text-slate-900 tabular-nums'}
    >
      {value}
    </Fact>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Fact label={label} labelClassName="text-xs font-medium text-slate-500" valueClassName="mt-1 flex min-h-7 items-center text-sm text-slate-900">
      {children}
    </Fact>
  );
}

/** The referrer's page when a customer matches the stored code; otherwise the code as stored. */
function ReferredBy({ referredBy }: { referredBy: CustomerProfile['referredBy'] }) {
  if (!referredBy) return <span className="text-slate-500">Nobody (signed up without a referral code)</span>;
  if (referredBy.id) {
    return <CustomerLink userId={referredBy.id}>{referredBy.name || referredBy.code}</CustomerLink>;
  }
  return (
    <span>
      <span className="font-mono text-[13px]">{referredBy.code}</span>
      <span className="ml-2 text-slate-500">no matching customer</span>
    </span>
  );
}

/** The seven figures (money as money, the fee as a percentage), the referral code and who referred them. */
export function ProfileDetails({ profile }: { profile: CustomerProfile }) {
  return (
    <Card>
      <dl aria-label="Figures" className="grid grid-cols-2 divide-slate-100 sm:grid-cols-4 xl:grid-cols-7 xl:divide-x">
        {adjustableFields.map((field) => {
          const value = profile[field];
          return (
            <Figure
              key={field}
              label={fieldLabels[field].replace(' (%)', '')}
              value={value === null ? MISSING : formatFieldValue(field, value)}
              negative={value !== null && value < 0}
            />
          );
        })}
      </dl>
      <dl className="grid grid-cols-1 gap-4 border-t border-slate-100 px-4 py-3.5 sm:grid-cols-3">
        <Detail label="Referral code">
          {profile.referralCode ? (
            <>
              <span className="font-mono text-[13px]">{profile.referralCode}</span>
              <CopyButton
                value={profile.referralCode}
                label="Copy referral code"
                copiedMessage="Referral code copied."
                failedMessage="Could not copy the referral code."
              />
            </>
          ) : (
            <span className="text-slate-500">None</span>
          )}
        </Detail>
        <Detail label="Referred by">
          <ReferredBy referredBy={profile.referredBy} />
        </Detail>
        <Detail label="Customer id">
          <span className="truncate font-mono text-[13px] text-slate-600">{profile.id}</span>
          <CopyButton value={profile.id} label="Copy customer id" copiedMessage="Customer id copied." failedMessage="Could not copy the customer id." />
        </Detail>
      </dl>
    </Card>
  );
}
