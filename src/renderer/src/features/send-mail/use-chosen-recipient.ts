import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { customerCardQuery } from '../../modules/customers/customer-queries';
import type { Recipient } from './components/RecipientPicker';

/**
 * "Send e-mail" on a customer's page opens /sendmail?to=<their id>: the recipient is chosen for
 * the administrator once the customer's card is read (a customer without an e-mail is not chosen).
 */
export function useChosenRecipient(choose: (recipient: Recipient) => void): void {
  const [params] = useSearchParams();
  const id = params.get('to');
  const card = useQuery({ ...customerCardQuery(id ?? ''), enabled: Boolean(id), staleTime: 30_000 });
  const chosen = card.data;
  // Chosen once per customer read (not again when the page hands a new `choose`); the administrator may change it afterwards.
  const chooseRead = useEffectEvent((read: NonNullable<typeof chosen>) => {
    if (read.email) choose({ id: read.id, fullname: read.fullname, email: read.email });
  });
  useEffect(() => {
    if (chosen) chooseRead(chosen);
  }, [chosen]);
}
