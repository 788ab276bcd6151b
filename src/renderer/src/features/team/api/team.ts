import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@shared/domain/roles';
import { api, call } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { asOneAction } from '../../../lib/operations';

export const teamKeys = { all: ['team'] as const, list: () => ['team', 'list'] as const };

/** Every administrator of this Ledgerdesk, with role, second factor and last sign-in (team.list, owners only). */
export const useTeam = () =>
  useQuery({
    queryKey: teamKeys.list(),
    queryFn: () => call(() => api().team.list({})),
    // The screen shows why it could not load, with Retry.
    meta: { silent: true }
  });

/**
 * One team change: sent as one action (one operationId, kept for a retry of the same request; the
 * password asked again where the main process wants it), then the list read again. A refusal (the
 * last owner: CONFLICT; FORBIDDEN) is shown by the dialog that asked, in the main process's words.
 */
function useTeamChange<I extends object>(
  method: string,
  send: (input: I, operationId: string) => ReturnType<typeof call<{ message: string; approvalRequestId?: string }>>
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => asOneAction(method, input, (operationId) => send(input, operationId)),
    onSuccess: (answer) => {
      // Under the approval policy nothing changed yet: the Team screen says it was sent for approval, with a link.
      if (answer.approvalRequestId) return;
      notify.success(answer.message);
      return queryClient.invalidateQueries({ queryKey: teamKeys.all });
    }
  });
}

export const useInvite = () =>
  useTeamChange<{ email: string; role: Role }>('team.invite', (input, operationId) => call(() => api().team.invite({ ...input, operationId })));

export const useSetRole = () =>
  useTeamChange<{ uid: string; role: Role }>('team.setRole', (input, operationId) => call(() => api().team.setRole({ ...input, operationId })));

export const useDisable = () =>
  useTeamChange<{ uid: string }>('team.disable', (input, operationId) => call(() => api().team.disable({ ...input, operationId })));
