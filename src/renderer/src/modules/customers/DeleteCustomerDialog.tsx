import { useState } from 'react';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { isApiError } from '../../lib/api';
import { holdsMoney, useDeleteCustomer } from './customer-actions';
import type { CustomerRow } from '@shared/contract';
import { Field } from '../../components/form/Field';
import { Textarea } from '../../components/ui/Input';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { SentForApproval } from '../../components/SentForApproval';

/**
 * `onDeleted` (onClose unless given) runs once the customer is gone, e.g. to leave their page.
 * docs/product-rules.md §6.5: "Are you sure?" / "You won't be able to revert this!" / "Yes, delete it!", naming who goes.
 * A customer who still holds money or active investments, or has open deposits or withdrawals, is refused by the backend
 * host; the dialog then asks a second time, with the figures, and "Delete anyway" sends force.
 * Each question has its own operationId: pressing its button again (after a lost connection) resends
 * the same id, so the host answers the first outcome instead of deleting twice.
 * Under the approval policy (docs/product-rules.md §15.6) the answer is a request: the dialog says
 * "Sent for approval", links to Approvals, and the customer stays until another administrator approves.
 */
export function DeleteCustomerDialog({ user, onClose, onDeleted = onClose }: { user: CustomerRow; onClose: () => void; onDeleted?: () => void }) {
  const remove = useDeleteCustomer();
  const [firstId] = useState(() => crypto.randomUUID());
  const [forcedId] = useState(() => crypto.randomUUID());
  /** The host's refusal, naming what the customer still holds; null until it answered one. */
  const [holdings, setHoldings] = useState<string | null>(null);
  // Why the customer goes: kept with their archived record (archivedUsers/{id}); asked before the first question is answered.
  const [reason, setReason] = useState('');
  const [reasonProblem, setReasonProblem] = useState<string | null>(null);
  /** The approval request the deletion became; null until the answer is one. */
  const [sent, setSent] = useState<{ message: string; id: string } | null>(null);
  const deletedOrSent = (result: { message: string; approvalRequestId?: string }) =>
    result.approvalRequestId ? setSent({ message: result.message, id: result.approvalRequestId }) : onDeleted();
  const trimmed = reason.trim();
  const reasonCheck = trimmed.length < 5 ? 'Say why, in at least 5 characters.' : trimmed.length > 500 ? 'Keep the reason to 500 characters.' : null;
  const who = user.fullname || user.email || user.id;
  const named = (
    <>
      <strong className="font-semibold text-slate-900">{who}</strong>
      {user.fullname && user.email ? <> ({user.email})</> : null}
    </>
  );
  // A lost connection keeps the question open, so pressing the button again retries with the same id.
  const closeUnlessUnreachable = (error: unknown) => {
    if (!isApiError(error, 'UNAVAILABLE')) onClose();
  };

  // Both questions: open until answered, closed by Cancel or Escape, the red button busy while the host answers.
  const question = { open: true, onOpenChange: (open: boolean) => !open && onClose(), tone: 'danger' as const, busy: remove.isPending };

  if (sent !== null) {
    return (
      <Dialog key="sent" open onOpenChange={(open) => !open && onClose()} title={`Deleting ${who} was sent for approval`}>
        <div className="mt-4 space-y-4">
          <SentForApproval message={sent.message} requestId={sent.id} onOpen={onClose} />
          <div className="flex justify-end">
            <Button onClick={onClose}>Close</Button>
          </div>
        </div>
      </Dialog>
    );
  }

  if (holdings !== null) {
    return (
      <ConfirmDialog
        // A new dialog, so the focus starts on Cancel again: Enter never deletes anyway by accident.
        key="holdings"
        {...question}
        title="Delete anyway?"
        description={
          <>
            <p className="rounded-md bg-amber-50 px-3 py-2 font-medium text-amber-900 ring-1 ring-amber-200">{holdings}</p>
            <p>
              Deleting {named} anyway removes their sign-in account and customer record now. The balance and their active investments are not paid out, and
              their open deposits and withdrawals (pending, failed or without a status) stay in the lists but can no longer be credited or refunded.
            </p>
            <p>The audit log records that you deleted anyway, with these figures.</p>
          </>
        }
        confirmLabel="Delete anyway"
        onConfirm={() =>
          remove.mutate({ id: user.id, operationId: forcedId, reason: trimmed, force: true }, { onSuccess: deletedOrSent, onError: closeUnlessUnreachable })
        }
      />
    );
  }

  return (
    <ConfirmDialog
      key="first"
      {...question}
      title="Are you sure?"
      description={
        <>
          <p>You won't be able to revert this!</p>
          <p>
            This deletes {named}: their sign-in account and customer record. Their deposits, withdrawals and the audit log stay, and the record (KYC included)
            is kept under Deleted customers for the years the platform must keep it.
          </p>
          <Field label="Reason for deleting" error={reasonProblem}>
            {(control) => (
              <Textarea
                {...control}
                value={reason}
                rows={2}
                maxLength={500}
                disabled={remove.isPending}
                onChange={(event) => {
                  setReason(event.target.value);
                  setReasonProblem(null);
                }}
                placeholder="Kept with the deleted customer's record and in the audit log"
              />
            )}
          </Field>
        </>
      }
      confirmLabel="Yes, delete it!"
      onConfirm={() => {
        if (reasonCheck) return setReasonProblem(reasonCheck);
        remove.mutate(
          { id: user.id, operationId: firstId, reason: trimmed },
          {
            onSuccess: deletedOrSent,
            onError: (error) => (holdsMoney(error) ? setHoldings(error.message) : closeUnlessUnreachable(error))
          }
        );
      }}
    />
  );
}
