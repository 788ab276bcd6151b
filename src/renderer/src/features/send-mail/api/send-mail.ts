import { useMutation } from '@tanstack/react-query';
import type { Input } from '@shared/contract';
import { api, call, errorMessage } from '../../../lib/api';
import { asOneAction } from '../../../lib/operations';
import { notify } from '../../../lib/notify';

export function useSendMail() {
  return useMutation({
    mutationFn: (mail: Omit<Input<'mail.send'>, 'operationId'>) =>
      asOneAction('mail.send', mail, (operationId) => call(() => api().mail.send({ ...mail, operationId }))),
    onSuccess: () => notify.success('Email sent successfully!'),
    onError: (error) => notify.error('Failed to send email.', errorMessage(error))
  });
}
