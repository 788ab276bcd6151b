import { useState } from 'react';
import type { TeamMember } from '@shared/contract';
import { roleLabels } from '@shared/domain/roles';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Dialog } from '../../../components/ui/Dialog';
import { Notice } from '../../../components/ui/Notice';
import { errorMessage } from '../../../lib/api';
import { useDisable, useSetRole } from '../api/team';
import { RoleChoice } from './RoleChoice';

/** A change filed as an approval request instead of made (docs/product-rules.md §15.6): the Team screen says so. */
export type OnSent = (sent: { message: string; id: string }) => void;

/** The dialog closes either way; a request is handed to the screen, which shows "Sent for approval". */
export const closedOrSent = (onClose: () => void, onSent?: OnSent) => (answer: { message: string; approvalRequestId?: string }) => {
  if (answer.approvalRequestId) onSent?.({ message: answer.message, id: answer.approvalRequestId });
  onClose();
};

/** Change role: the new role chosen with what each may do, then confirmed; their sessions end and it applies from their next sign-in (§15.2). */
export function ChangeRoleDialog({ member, onClose, onSent }: { member: TeamMember; onClose: () => void; onSent?: OnSent }) {
  const setRole = useSetRole();
  const [role, setChosen] = useState(member.role);
  const unchanged = role === member.role;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !setRole.isPending && onClose()}
      title={`Change the role of ${member.email}?`}
      description={`Now ${roleLabels[member.role]}. Their sessions end, and the new role applies from their next sign-in. The change is recorded in the audit log.`}
      role="alertdialog"
      hideClose
    >
      <div className="mt-4 space-y-4">
        <RoleChoice legend="New role" name={`role-${member.uid}`} value={role} onChange={setChosen} disabled={setRole.isPending} />
        {setRole.isError && <Notice tone="error">{errorMessage(setRole.error)}</Notice>}
      </div>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" disabled={setRole.isPending} onClick={onClose} autoFocus>
          Cancel
        </Button>
        <Button
          busy={setRole.isPending}
          disabled={unchanged}
          onClick={() => setRole.mutate({ uid: member.uid, role }, { onSuccess: closedOrSent(onClose, onSent) })}
        >
          {unchanged ? 'Change role' : `Make ${roleLabels[role]}`}
        </Button>
      </div>
    </Dialog>
  );
}

/** Disable: asked first, naming what it does; there is no undo from this screen. */
export function DisableDialog({ member, onClose, onSent }: { member: TeamMember; onClose: () => void; onSent?: OnSent }) {
  const disable = useDisable();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Disable ${member.email}?`}
      description={
        <>
          <p>Every session of theirs ends now, and they can no longer sign in to Ledgerdesk. The change is recorded in the audit log.</p>
          {disable.isError && <Notice tone="error">{errorMessage(disable.error)}</Notice>}
        </>
      }
      confirmLabel="Disable administrator"
      tone="danger"
      busy={disable.isPending}
      onConfirm={() => disable.mutate({ uid: member.uid }, { onSuccess: closedOrSent(onClose, onSent) })}
    />
  );
}
