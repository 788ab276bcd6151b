import { useEffect } from 'react';

/** "Deposits · Ledgerdesk" in the window title and the OS task switcher. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Ledgerdesk` : 'Ledgerdesk';
  }, [title]);
}
