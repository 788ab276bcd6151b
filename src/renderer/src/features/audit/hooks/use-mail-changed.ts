import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api';
import { mailKeys } from '../api/mail';

/** Refreshes the queue whenever the dispatcher sends, fails or queues something. */
export function useMailChanged(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let off: () => void = () => {};
    try {
      off = api().on('mail.changed', () => void queryClient.invalidateQueries({ queryKey: mailKeys.all }));
    } catch {
      // No bridge: the page already says the service is unreachable, and polling still runs.
    }
    return off;
  }, [queryClient]);
}
