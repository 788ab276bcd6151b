import type { ColumnDef } from '@tanstack/react-table';
import { Search } from 'lucide-react';
import { column } from '../../components/data-table/column';
import { UserLink } from '../../modules/users/UserLink';
import { SuspendedBadge } from '../../modules/users/suspended-marks';
import { Badge } from '../../components/ui/Badge';
import { formatMoney, MISSING } from '../../lib/format';
import { RowActions, type UserAction } from './components/RowActions';
import type { ListedUser } from './search';
import type { UserRow } from '../../../../shared/contract';

function Money({ value }: { value: number | null }) {
  if (value === null) return <span className="text-slate-500">{MISSING}</span>;
  return <span className={value < 0 ? 'text-rose-700' : 'text-slate-900'}>{formatMoney(value)}</span>;
}

function NameCell({ user }: { user: ListedUser }) {
  return (
    <span className="flex min-w-0 items-center gap-1.5">
      {user.foundBySearch && (
        <span className="shrink-0" title="Found by searching all customers (beyond the loaded pages)">
          <Search className="size-3.5 text-indigo-500" aria-hidden />
          <span className="sr-only">Found by searching all customers: </span>
        </span>
      )}
      {user.fullname ? (
        <span className="min-w-0 truncate" title={user.fullname}>
          <UserLink userId={user.id}>{user.fullname}</UserLink>
        </span>
      ) : (
        <span className="text-slate-500">{MISSING}</span>
      )}
      {user.suspended && <SuspendedBadge />}
    </span>
  );
}

/** The e-mail links to the customer's page too, in the quieter colour of a second line of text. */
function EmailCell({ user }: { user: ListedUser }) {
  if (!user.email) return <span className="text-slate-500">{MISSING}</span>;
  return (
    <span className="block truncate" title={user.email}>
      <UserLink userId={user.id} className="font-normal! text-slate-600!">
        {user.email}
      </UserLink>
    </span>
  );
}

const money = (id: keyof UserRow & string, header: string) =>
  column<ListedUser>(id, header, (user) => <Money value={user[id] as number | null} />, {
    align: 'right',
    // Two-line headers ("Total / Withdrawal") keep these narrow enough for 1440 px without scrolling.
    className: 'w-[5.875rem] pl-1! tabular-nums [th&]:whitespace-normal [th&]:leading-4',
    skeleton: 'w-16'
  });

/** docs/product-rules.md §2 (no Password column, §14): Name, Email, five totals, Verified, Actions. */
export function userColumns(onAction: (action: UserAction, user: ListedUser) => void): ColumnDef<ListedUser>[] {
  return [
    // Whose row it is, and what can be done with it: the Columns button cannot hide them.
    column<ListedUser>('name', 'Name', (user) => <NameCell user={user} />, { className: 'w-[9.25rem]', skeleton: 'w-28', required: true }),
    column<ListedUser>('email', 'Email', (user) => <EmailCell user={user} />, {
      skeleton: 'w-40'
    }),
    money('balance', 'Balance'),
    money('Totaldeposit', 'Total Deposit'),
    money('Totalwithdrawal', 'Total Withdrawal'),
    money('totalearnings', 'Total Earnings'),
    money('TotalBonus', 'Total Bonus'),
    column<ListedUser>('verified', 'Verified', (user) => <Badge tone={user.verified ? 'success' : 'neutral'}>{user.verified ? 'Yes' : 'No'}</Badge>, {
      className: 'w-20',
      skeleton: 'w-10'
    }),
    column<ListedUser>('actions', 'Actions', (user) => <RowActions user={user} onAction={onAction} />, {
      className: 'w-[16.5rem]',
      skeleton: 'w-48',
      required: true
    })
  ];
}
