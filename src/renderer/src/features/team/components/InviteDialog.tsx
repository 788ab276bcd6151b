import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { teamInviteInputSchema } from '@shared/schemas/team';
import type { Role } from '@shared/domain/roles';
import { Field } from '../../../components/form/Field';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Input } from '../../../components/ui/Input';
import { Notice } from '../../../components/ui/Notice';
import { errorMessage } from '../../../lib/api';
import { useInvite } from '../api/team';
import { RoleChoice } from './RoleChoice';
import { closedOrSent, type OnSent } from './MemberDialogs';

type InviteValues = { email: string; role: Role };

// The contract's own input (without the operationId the call adds): the same words for a wrong address.
const resolver = zodResolver(teamInviteInputSchema.omit({ operationId: true }));

/** Invite administrator: an e-mail and a role; the invited person gets a sign-in link by e-mail. */
export function InviteDialog({ onClose, onSent }: { onClose: () => void; onSent?: OnSent }) {
  const invite = useInvite();
  const { register, control, handleSubmit, formState } = useForm<InviteValues>({ defaultValues: { email: '', role: 'viewer' }, resolver });
  const submit = handleSubmit((values) => {
    if (!invite.isPending) invite.mutate(values, { onSuccess: closedOrSent(onClose, onSent) });
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !invite.isPending && onClose()}
      title="Invite administrator"
      description="They receive an e-mail with a link to sign in to Ledgerdesk and set their password."
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-4">
        <Field label="E-mail address" error={formState.errors.email?.message}>
          {(props) => <Input {...props} type="email" autoComplete="off" autoFocus placeholder="name@example.com" {...register('email')} />}
        </Field>
        <Controller
          control={control}
          name="role"
          render={({ field }) => <RoleChoice legend="Role" name="invite-role" value={field.value} onChange={field.onChange} disabled={invite.isPending} />}
        />
        {invite.isError && <Notice tone="error">{errorMessage(invite.error)}</Notice>}
        <div className="flex justify-end gap-3 pt-2">
          <Button variant="secondary" disabled={invite.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={invite.isPending}>
            Send invitation
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
