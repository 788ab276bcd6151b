import { Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { Switch } from '../../../components/ui/Switch';
import { usePendingVerification, useSetVerified } from '../../../components/users/user-actions';
import type { ListedUser } from '../columns';

export type UserAction = 'manage' | 'kyc' | 'delete';

const nameOf = (user: ListedUser) => user.fullname || user.email || 'this customer';

/** Manage, View KYC (only with KYC), the verification switch and Delete, in fixed slots so rows line up. */
export function RowActions({ user, onAction }: { user: ListedUser; onAction: (action: UserAction, user: ListedUser) => void }) {
  const who = nameOf(user);
  return (
    <div className="flex items-center gap-1.5">
      <Button
        variant="secondary"
        size="sm"
        className="w-[4.25rem] px-0"
        onClick={() => onAction('manage', user)}
        aria-haspopup="dialog"
        title={`Adjust ${who}'s balance and totals`}
      >
        Manage
      </Button>
      {user.hasKyc ? (
        <Button
          variant="secondary"
          size="sm"
          className="w-11 px-0"
          onClick={() => onAction('kyc', user)}
          aria-haspopup="dialog"
          aria-label="View KYC"
          title={`View ${who}'s KYC documents`}
        >
          KYC
        </Button>
      ) : (
        // Keeps the switch and Delete in the same place on every row.
        <span className="w-11 shrink-0 text-center text-[11px] leading-tight text-slate-400" title="This customer has not submitted KYC documents">
          No KYC
        </span>
      )}
      <VerifiedSwitch user={user} />
      <Button
        variant="ghost"
        size="sm"
        className="w-8 px-0 text-slate-400 hover:bg-rose-50 hover:text-rose-600"
        onClick={() => onAction('delete', user)}
        aria-haspopup="dialog"
        aria-label="Delete"
        title={`Delete ${who}`}
      >
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}

function VerifiedSwitch({ user }: { user: ListedUser }) {
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
