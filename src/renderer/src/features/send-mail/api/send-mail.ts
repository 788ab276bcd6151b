import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { Input } from '../../../../../shared/contract';
import { customerSearchQuery } from '../../../components/customer/customer-queries';
import { api, call, errorMessage } from '../../../lib/api';
import { asOneAction } from '../../../lib/operations';
import { notify } from '../../../lib/notify';

/** Fewer characters would match half the customers; the picker asks for more instead. */
export const MIN_SEARCH_LENGTH = 2;

/**
 * Customers whose e-mail or name starts with the text (a few prefix queries in main, each with
 * a small limit): the picker never reads every customer.
 */
export function useRecipientSearch(text: string) {
  const enabled = text.length >= MIN_SEARCH_LENGTH;
  return useQuery({
    ...customerSearchQuery(text),
    enabled,
    // While the next search runs, the last results stay instead of flashing empty.
    placeholderData: enabled ? keepPreviousData : undefined,
    staleTime: 30_000,
    // The picker says so itself, beside the field.
    meta: { silent: true }
  });
}

export function useSendMail() {
  return useMutation({
    mutationFn: (mail: Omit<Input<'mail.send'>, 'operationId'>) =>
      asOneAction('mail.send', mail, (operationId) => call(() => api().mail.send({ ...mail, operationId }))),
    onSuccess: () => notify.success('Email sent successfully!'),
    onError: (error) => notify.error('Failed to send email.', errorMessage(error))
  });
}
