import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call, errorMessage } from '../../lib/api';
import { asOneAction } from '../../lib/operations';
import { notify } from '../../lib/notify';
import { rootKeys } from '../../lib/query-keys';

/** Puts a failed e-mail back in the queue (the audit log's queue and a customer's e-mails alike). */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => asOneAction('mail.retry', { id }, (operationId) => call(() => api().mail.retry({ id, operationId }))),
    onSuccess() {
      notify.success('E-mail queued again.');
    },
    onError(error) {
      notify.error('Could not queue the e-mail again.', errorMessage(error));
    },
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: rootKeys.mail });
    }
  });
}
