import { useState } from 'react';
import type { CustomerProfile } from '@shared/contract';
import { reasonProblem, SUSPENSION_REASON_MAX } from '@shared/domain/suspension';
import { Field } from '../../components/form/Field';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { LatestNote } from './notes';
import { useSetSuspended } from './customer-actions';
import { Textarea } from '../../components/ui/Input';

/**
 * Suspending a customer, or lifting it (docs/product-rules.md §6.9), with a required reason the
 * audit log keeps. Suspending disables their sign-in (their sessions end) through the backend host
 * and marks them in every list; approving their withdrawals then needs an override reason.
 */
export function SuspendDialog({ user, onClose }: { user: Pick<CustomerProfile, 'id' | 'fullname' | 'email' | 'suspended'>; onClose: () => void }) {
  const lifting = user.suspended;
  const change = useSetSuspended(user);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const problem = reasonProblem(reason, 'a reason');
  const who = user.fullname || user.email || user.id;

  const confirm = () => {
    setTried(true);
    if (problem || change.isPending) return;
    change.mutate({ suspend: !lifting, reason: reason.trim() }, { onSuccess: onClose });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !change.isPending && onClose()}
      title={lifting ? `Lift the suspension of ${who}?` : `Suspend ${who}?`}
      description={
        lifting ? (
          <p>Their sign-in account is enabled again and the mark on their record goes. Their withdrawals are approved as anyone's are.</p>
        ) : (
          <>
            <p>
              Their sign-in account is disabled and every session of theirs ends now. Lists and their page mark them suspended, and approving one of their
              withdrawals needs an override reason.
            </p>
            <p>You can lift it later; both are recorded in the audit log with the reason.</p>
          </>
        )
      }
      role="alertdialog"
      hideClose
    >
      <div className="mt-4 space-y-4">
        <LatestNote userId={user.id} />
        <Field label="Reason" hint="Kept in the audit log, 5 to 500 characters." error={tried ? problem : null} errorReplacesHint>
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              maxLength={SUSPENSION_REASON_MAX}
              autoFocus
              value={reason}
              disabled={change.isPending}
              onChange={(event) => setReason(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) confirm();
              }}
              placeholder={lifting ? 'Why they may use their account again' : 'What you saw: a new device, an address that is not theirs…'}
            />
          )}
        </Field>
      </div>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" disabled={change.isPending} onClick={onClose}>
          Cancel
        </Button>
        <Button variant={lifting ? 'primary' : 'danger'} busy={change.isPending} onClick={confirm}>
          {lifting ? 'Lift suspension' : 'Suspend customer'}
        </Button>
      </div>
    </Dialog>
  );
}
