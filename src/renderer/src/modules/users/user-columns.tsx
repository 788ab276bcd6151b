import type { ReactNode } from 'react';
import { TextCell } from '../../components/data-table/cells';
import { column } from '../../components/data-table/column';
import { SuspendedMark } from './suspended-marks';
import { UserCell } from './UserCell';
import { UserLink } from './UserLink';

/**
 * A customer as a list names them: the link to their page, and the Suspended mark beside it where
 * the list (inside SuspendedMarks) knows they are suspended.
 */
export function MarkedUserLink({ userId = null, email = null, children }: { userId?: string | null; email?: string | null; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <UserLink userId={userId} email={email}>
        {children}
      </UserLink>
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
        <MarkedUserLink userId={row.userId} email={row.email}>
          {row.email}
        </MarkedUserLink>
      ) : (
        <TextCell value={null} />
      ),
    // Whose record the row is: a list cannot hide it.
    { skeleton: 'w-44', required: true }
  );

/** The e-mail as a link to the user's page, with a button beside it that opens the user's totals. */
export const userColumn = <T extends { userId: string | null; email: string | null }>() =>
  column<T>('email', 'Email', (row) => <UserCell userId={row.userId} email={row.email} />, { skeleton: 'w-44', required: true });
