import type { ReactNode } from 'react';
import { TextCell } from '../../components/data-table/cells';
import { column } from '../../components/data-table/column';
import { SuspendedMark } from './suspended-marks';
import { CustomerCell } from './CustomerCell';
import { CustomerLink } from './CustomerLink';

/**
 * A customer as a list names them: the link to their page, and the Suspended mark beside it where
 * the list (inside SuspendedMarks) knows they are suspended.
 */
export function MarkedCustomerLink({ userId = null, email = null, children }: { userId?: string | null; email?: string | null; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <CustomerLink userId={userId} email={email}>
        {children}
      </CustomerLink>
      <SuspendedMark userId={userId} email={email} />
    </span>
  );
}

/** The e-mail as a link to the user's page (by id when the row has one, else by e-mail). */
export const emailColumn = <T extends { email: string | null; userId?: string | null }>() =>
  column<T>(
    'email',
    'Email',
    (row) =>
      row.email ? (
        <MarkedCustomerLink userId={row.userId} email={row.email}>
          {row.email}
        </MarkedCustomerLink>
      ) : (
        <TextCell value={null} />
      ),
    // Whose record the row is: a list cannot hide it.
    { skeleton: 'w-44', required: true }
  );

/** The e-mail as a link to the user's page, with a button beside it that opens the user's totals. */
export const customerColumn = <T extends { userId: string | null; email: string | null }>() =>
  column<T>('email', 'Email', (row) => <CustomerCell userId={row.userId} email={row.email} />, { skeleton: 'w-44', required: true });
