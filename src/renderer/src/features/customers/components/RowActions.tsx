import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '../../../components/ui/Button';
import { Switch } from '../../../components/ui/Switch';
import { usePendingVerification, useSetVerified } from '../../../modules/customers/customer-actions';
import { cn } from '../../../lib/cn';
import { useMay } from '../../../lib/role';
import type { ListedCustomer } from '../search';

export type CustomerAction = 'manage' | 'kyc' | 'delete';

const nameOf = (user: ListedCustomer) => user.fullname || user.email || 'this customer';

/** The KYC button shows where the submission stands, so the list reads as a queue (over the secondary button's colours). */
const kycTones: Record<string, { word: string; tone: string }> = {
  pending: { word: 'Pending', tone: 'text-amber-800! bg-amber-50! ring-amber-600/30! hover:bg-amber-100!' },
  approved: { word: 'Approved', tone: 'text-emerald-700! bg-emerald-50! ring-emerald-600/25! hover:bg-emerald-100!' },
  rejected: { word: 'Rejected', tone: 'text-rose-700! bg-rose-50! ring-rose-600/25! hover:bg-rose-100!' }
};

/** One action of the row: it opens that action's dialog for this customer. */
function ActionButton({
  action,
  user,
  onAction,
  title,
  children,
  ...button
}: {
  action: CustomerAction;
  user: ListedCustomer;
  onAction: (action: CustomerAction, user: ListedCustomer) => void;
  title: string;
  children: ReactNode;
} & Pick<ButtonProps, 'variant' | 'className' | 'aria-label'>) {
  return (
    <Button size="sm" variant="secondary" {...button} onClick={() => onAction(action, user)} aria-haspopup="dialog" title={title}>
      {children}
    </Button>
  );
}

/** An empty slot of a control the role is not offered, so the row's other controls stay where they are on every row. */
const Gap = ({ className }: { className: string }) => <span aria-hidden className={cn('shrink-0', className)} />;

/**
 * Manage, View KYC (only with KYC, named by its status), the verification switch and Delete, in fixed
 * slots so rows line up. Manage and Delete are money decisions, the switch customer care: a role
 * without them sees the slot empty (View KYC stays: reading the documents is every role's).
 */
export function RowActions({ user, onAction }: { user: ListedCustomer; onAction: (action: CustomerAction, user: ListedCustomer) => void }) {
  const who = nameOf(user);
  const kyc = user.kycStatus ? kycTones[user.kycStatus] : undefined;
  const act = { user, onAction };
  const mayDecide = useMay('decide');
  const mayCare = useMay('care');
  return (
    <div className="flex items-center gap-1.5">
      {mayDecide ? (
        <ActionButton action="manage" {...act} className="w-[4.25rem] px-0" title={`Adjust ${who}'s balance and totals`}>
          Manage
        </ActionButton>
      ) : (
        <Gap className="w-[4.25rem]" />
      )}
      {user.hasKyc ? (
        <ActionButton
          action="kyc"
          {...act}
          className={cn('w-[4.5rem] px-0 text-xs', kyc?.tone)}
          aria-label={kyc ? `View KYC: ${kyc.word}` : 'View KYC'}
          title={`View ${who}'s KYC documents${kyc ? ` (${kyc.word.toLowerCase()})` : ''}`}
        >
          {kyc?.word ?? 'KYC'}
        </ActionButton>
      ) : (
        // Keeps the switch and Delete in the same place on every row.
        <span className="w-[4.5rem] shrink-0 text-center text-xs text-slate-500" title="This customer has not submitted KYC documents">
          No KYC
        </span>
      )}
      {/* The Verified column says the state to a role that may not change it. */}
      {mayCare ? <VerifiedSwitch user={user} /> : <Gap className="w-10" />}
      {mayDecide ? (
        <ActionButton
          action="delete"
          {...act}
          variant="ghost"
          className="w-8 px-0 text-slate-400 hover:bg-rose-50 hover:text-rose-600"
          aria-label="Delete"
          title={`Delete ${who}`}
        >
          <Trash2 aria-hidden />
        </ActionButton>
      ) : (
        <Gap className="w-8" />
      )}
    </div>
  );
}

function VerifiedSwitch({ user }: { user: ListedCustomer }) {
  const change = useSetVerified(user);
  const saving = usePendingVerification(user.id);
  const pending = saving !== undefined;
  return (
    <span
      className="inline-flex w-10 shrink-0 items-center justify-center"
      title={user.verified ? 'Verified. Switch off to unverify.' : 'Not verified. Switch on to verify.'}
    >
      {/* Stays in place (and keeps keyboard focus) while saving; a second toggle waits for the first. */}
      <Switch
        checked={pending ? saving : user.verified}
        onCheckedChange={(verified) => {
          if (!pending) change.mutate(verified);
        }}
        aria-label="Verified"
        aria-busy={pending || undefined}
        className={pending ? 'animate-pulse' : undefined}
      />
    </span>
  );
}
