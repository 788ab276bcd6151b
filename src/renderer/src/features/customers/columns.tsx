import type { ColumnDef } from '@tanstack/react-table';
import { Search } from 'lucide-react';
import { column } from '../../components/data-table/column';
import { CustomerLink } from '../../modules/customers/CustomerLink';
import { SuspendedBadge } from '../../modules/customers/suspended-marks';
import { Badge } from '../../components/ui/Badge';
import { formatMoney, MISSING } from '../../lib/format';
import { RowActions, type CustomerAction } from './components/RowActions';
import type { ListedCustomer } from './search';
import type { CustomerRow } from '@shared/contract';

function Money({ value }: { value: number | null }) {
  if (value === null) return <span className="text-slate-500">{MISSING}</span>;
  return <span className={value < 0 ? 'text-rose-700' : 'text-slate-900'}>{formatMoney(value)}</span>;
}

function NameCell({ user }: { user: ListedCustomer }) {
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
          <CustomerLink userId={user.id}>{user.fullname}</CustomerLink>
        </span>
      ) : (
        <span className="text-slate-500">{MISSING}</span>
      )}
      {user.suspended && <SuspendedBadge />}
    </span>
  );
}

/** The e-mail links to the customer's page too, in the quieter colour of a second line of text. */
function EmailCell({ user }: { user: ListedCustomer }) {
  if (!user.email) return <span className="text-slate-500">{MISSING}</span>;
  return (
    <span className="block truncate" title={user.email}>
      <CustomerLink userId={user.id} className="font-normal! text-slate-600!">
        {user.email}
      </CustomerLink>
    </span>
  );
}

const money = (id: keyof CustomerRow & string, header: string) =>
  column<ListedCustomer>(id, header, (user) => <Money value={user[id] as number | null} />, {
    align: 'right',
    // Two-line headers ("Total / Withdrawal") keep these narrow enough for 1440 px without scrolling.
    className: 'w-[5.875rem] pl-1! tabular-nums [th&]:whitespace-normal [th&]:leading-4',
    skeleton: 'w-16'
  });

/** docs/product-rules.md §2 (no Password column, §14): Name, Email, five totals, Verified, Actions. */
export function customerColumns(onAction: (action: CustomerAction, user: ListedCustomer) => void): ColumnDef<ListedCustomer>[] {
  return [
    // Whose row it is, and what can be done with it: the Columns button cannot hide them.
    column<ListedCustomer>('name', 'Name', (user) => <NameCell user={user} />, { className: 'w-[9.25rem]', skeleton: 'w-28', required: true }),
    column<ListedCustomer>('email', 'Email', (user) => <EmailCell user={user} />, {
      skeleton: 'w-40'
    }),
    money('balance', 'Balance'),
    money('Totaldeposit', 'Total Deposit'),
    money('Totalwithdrawal', 'Total Withdrawal'),
    money('totalearnings', 'Total Earnings'),
    money('TotalBonus', 'Total Bonus'),
    column<ListedCustomer>('verified', 'Verified', (user) => <Badge tone={user.verified ? 'success' : 'neutral'}>{user.verified ? 'Yes' : 'No'}</Badge>, {
      className: 'w-20',
      skeleton: 'w-10'
    }),
    column<ListedCustomer>('actions', 'Actions', (user) => <RowActions user={user} onAction={onAction} />, {
      className: 'w-[16.5rem]',
      skeleton: 'w-48',
      required: true
    })
  ];
}
