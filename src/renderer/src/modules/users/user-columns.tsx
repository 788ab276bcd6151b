import { TextCell } from '../../components/data-table/cells';
import { column } from '../../components/data-table/column';
import { SuspendedMark } from './suspended-marks';
import { UserCell } from './UserCell';
import { UserLink } from './UserLink';

/** The e-mail as a link to the user's page (by id when the row has one, else by e-mail). */
export const emailColumn = <T extends { email: string | null; userId?: string | null }>() =>
  column<T>(
    'email',
    'Email',
    (row) =>
      row.email ? (
        <span className="inline-flex items-center gap-1.5">
          <UserLink userId={row.userId} email={row.email}>
            {row.email}
          </UserLink>
          <SuspendedMark userId={row.userId} email={row.email} />
        </span>
      ) : (
        <TextCell value={null} />
      ),
    { skeleton: 'w-44' }
  );

/** The e-mail as a link to the user's page, with a button beside it that opens the user's totals. */
export const userColumn = <T extends { userId: string | null; email: string | null }>() =>
  column<T>('email', 'Email', (row) => <UserCell userId={row.userId} email={row.email} />, { skeleton: 'w-44' });
