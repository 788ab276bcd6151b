import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { useDeleteUser } from '../api/users';
import type { ListedUser } from '../columns';

/** SPEC §5: "Are you sure?" / "You won't be able to revert this!" / "Yes, delete it!", naming who goes. */
export function DeleteUserDialog({ user, onClose }: { user: ListedUser; onClose: () => void }) {
  const remove = useDeleteUser();
  const who = user.fullname || user.email || user.id;
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Are you sure?"
      description={
        <>
          <p>You won't be able to revert this!</p>
          <p>
            This deletes <strong className="font-semibold text-slate-900">{who}</strong>
            {user.fullname && user.email ? <> ({user.email})</> : null}: their sign-in account and customer record. Their
            deposits, withdrawals and the audit log stay.
          </p>
        </>
      }
      confirmLabel="Yes, delete it!"
      tone="danger"
      busy={remove.isPending}
      onConfirm={() => remove.mutate(user.id, { onSettled: onClose })}
    />
  );
}
