import { UserCell } from '../../modules/users/UserCell';
import { UserLink } from '../../modules/users/UserLink';
import { StatusBadge } from '../../modules/status/StatusBadge';
import { AmountCell, DateCell, TextCell } from './cells';
import { column } from './column';

/** Columns several lists show the same way; each list picks the ones it has, in its own order. */

type Text = string | null | undefined;

export const textColumn = <T,>(id: string, header: string, value: (row: T) => Text, skeleton: string) =>
  column<T>(id, header, (row) => <TextCell value={value(row)} />, { skeleton });

export const dateColumn = <T,>(id: string, header: string, value: (row: T) => Text) =>
  column<T>(id, header, (row) => <DateCell value={value(row)} />, { skeleton: 'w-32' });

export const statusColumn = <T extends { status: string }>() =>
  column<T>('status', 'Status', (row) => <StatusBadge status={row.status} />, { skeleton: 'w-16' });

export const amountColumn = <T extends { amount: number | null; amountRaw: string | null }>() =>
  column<T>('amount', 'Amount', (row) => <AmountCell amount={row.amount} raw={row.amountRaw} />, {
    align: 'right',
    skeleton: 'w-20'
  });

/** The e-mail as a link to the customer page (by id when the row has one, else by e-mail). */
export const emailColumn = <T extends { email: string | null; userId?: string | null }>() =>
  column<T>(
    'email',
    'Email',
    (row) => (row.email ? <UserLink userId={row.userId} email={row.email}>{row.email}</UserLink> : <TextCell value={null} />),
    { skeleton: 'w-44' }
  );

/** The e-mail as a link to the customer page, with a button beside it that opens the customer's totals. */
export const userColumn = <T extends { userId: string | null; email: string | null }>() =>
  column<T>('email', 'Email', (row) => <UserCell userId={row.userId} email={row.email} />, { skeleton: 'w-44' });
