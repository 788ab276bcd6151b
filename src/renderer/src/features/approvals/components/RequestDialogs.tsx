import { useId, useState } from 'react';
import type { ApprovalRequest } from '@shared/contract';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Dialog } from '../../../components/ui/Dialog';
import { Textarea } from '../../../components/ui/Input';
import { Label } from '../../../components/ui/Label';
import { Notice } from '../../../components/ui/Notice';
import { errorMessage } from '../../../lib/api';
import { useCancelRequest, useDecide } from '../api/approvals';

/** A rejection's reason is read by the administrator who asked: a few words at least, as approvals.decide requires. */
export const REJECT_REASON_MIN = 3;

/**
 * Approving and cancelling are asked once more with the request's summary and what follows, then
 * done; the dialog stays open while the call runs and says why it failed.
 */
const confirmations = {
  // Applied at once; the main process asks for the password first where it wants it.
  approve: {
    title: 'Approve and apply?',
    follows: 'It applies at once, in your name, as if you had decided it; your password may be asked first.',
    confirmLabel: 'Approve',
    tone: 'primary'
  },
  // The maker withdraws their own request before anyone decides it.
  cancel: {
    title: 'Cancel your request?',
    follows: 'Nothing is applied; you can decide the record again later.',
    confirmLabel: 'Cancel request',
    tone: 'danger'
  }
} as const;

export function ConfirmRequestDialog({ action, request, onClose }: { action: keyof typeof confirmations; request: ApprovalRequest; onClose: () => void }) {
  const decide = useDecide();
  const cancel = useCancelRequest();
  const call = action === 'approve' ? decide : cancel;
  const { title, follows, confirmLabel, tone } = confirmations[action];
  const confirm = () =>
    action === 'approve'
      ? decide.mutate({ id: request.id, decision: 'approve' }, { onSuccess: onClose })
      : cancel.mutate({ id: request.id }, { onSuccess: onClose });
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && !call.isPending && onClose()}
      title={title}
      description={
        <>
          <p>{request.summary}</p>
          <p>{follows}</p>
          {call.isError && <Notice tone="error">{errorMessage(call.error)}</Notice>}
        </>
      }
      confirmLabel={confirmLabel}
      tone={tone}
      busy={call.isPending}
      onConfirm={confirm}
    />
  );
}

/** Reject: with the reason the administrator who asked will read; nothing is applied. */
export function RejectDialog({ request, onClose }: { request: ApprovalRequest; onClose: () => void }) {
  const decide = useDecide();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const fieldId = useId();
  const short = reason.trim().length < REJECT_REASON_MIN;
  const reject = () => {
    setTried(true);
    if (short || decide.isPending) return;
    decide.mutate({ id: request.id, decision: 'reject', reason: reason.trim() }, { onSuccess: onClose });
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !decide.isPending && onClose()}
      title="Reject this request?"
      description={`${request.summary}. Nothing is applied; ${request.requestedBy.email} reads your reason.`}
      role="alertdialog"
      hideClose
    >
      <div className="mt-4 space-y-2">
        <Label htmlFor={fieldId}>Reason</Label>
        <Textarea
          id={fieldId}
          rows={3}
          maxLength={500}
          value={reason}
          aria-invalid={tried && short}
          aria-describedby={tried && short ? `${fieldId}-problem` : undefined}
          onChange={(event) => setReason(event.target.value)}
          disabled={decide.isPending}
        />
        {tried && short && (
          <p id={`${fieldId}-problem`} className="text-sm text-rose-700">
            Say why you reject it (at least {REJECT_REASON_MIN} characters).
          </p>
        )}
        {decide.isError && <Notice tone="error">{errorMessage(decide.error)}</Notice>}
      </div>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" disabled={decide.isPending} onClick={onClose} autoFocus>
          Keep it open
        </Button>
        <Button variant="danger" busy={decide.isPending} onClick={reject}>
          Reject request
        </Button>
      </div>
    </Dialog>
  );
}
