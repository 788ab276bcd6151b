import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { userCardQuery } from '../../modules/users/user-queries';
import type { Recipient } from './components/RecipientPicker';

/**
 * "Send e-mail" on a customer's page opens /sendmail?to=<their id>: the recipient is chosen for
 * the administrator once the customer's card is read (a customer without an e-mail is not chosen).
 */
export function useChosenRecipient(choose: (recipient: Recipient) => void): void {
  const [params] = useSearchParams();
  const id = params.get('to');
  const card = useQuery({ ...userCardQuery(id ?? ''), enabled: Boolean(id), staleTime: 30_000 });
  const chosen = card.data;
  useEffect(() => {
    if (chosen?.email) choose({ id: chosen.id, fullname: chosen.fullname, email: chosen.email });
    // Chosen once per customer read; the administrator may change it afterwards.
  }, [chosen]);
}
