import { useInfiniteQuery } from '@tanstack/react-query';
import { ArrowDownToLine, ArrowUpFromLine, Layers, TrendingUp, type LucideIcon } from 'lucide-react';
import type { UserProfile } from '../../../../../shared/contract';
import { amountColumn, dateColumn, statusColumn, textColumn } from '../../../components/data-table/common-columns';
import { PagedTable } from '../../../components/data-table/PagedTable';
import { pagedQuery, pageFetcher } from '../../../components/data-table/paged-query';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { api } from '../../../lib/api';
import { rootKeys } from '../../../lib/query-keys';
import { customerFilter, type MoneyListName } from '../api/customer';
import { firstName } from '../tabs';

interface MoneyRowShown {
  id: string;
  amount: number | null;
  amountRaw: string | null;
  status: string;
  timestamp?: string | null;
  createdAt?: string | null;
  startAt?: string | null;
  plan?: string | null;
  method?: string | null;
  cryptoType?: string | null;
}

const shown: Record<MoneyListName, { noun: { one: string; many: string }; icon: LucideIcon; date: 'timestamp' | 'createdAt' | 'startAt'; detail: [string, keyof MoneyRowShown] }> = {
  deposits: { noun: { one: 'deposit', many: 'deposits' }, icon: ArrowDownToLine, date: 'timestamp', detail: ['Method', 'method'] },
  withdrawals: { noun: { one: 'withdrawal', many: 'withdrawals' }, icon: ArrowUpFromLine, date: 'createdAt', detail: ['Crypto', 'cryptoType'] },
  investments: { noun: { one: 'investment', many: 'investments' }, icon: TrendingUp, date: 'createdAt', detail: ['Plan', 'plan'] },
  compoundInvestments: { noun: { one: 'compound investment', many: 'compound investments' }, icon: Layers, date: 'startAt', detail: ['Plan', 'plan'] }
};

/**
 * One money list of this customer, newest first. A stand-in until the money lists can be embedded
 * with the customer fixed (then status tabs, dates, order and export come with them).
 */
export function MoneyTab({ list, profile }: { list: MoneyListName; profile: UserProfile }) {
  const { noun, icon, date, detail } = shown[list];
  const customer = customerFilter(list, profile);
  const query = useInfiniteQuery({
    ...pagedQuery<MoneyRowShown>(
      [...rootKeys[list], 'customer', customer],
      pageFetcher((input) => api()[list].list({ ...input, customer: customer ?? undefined }) as never)
    ),
    enabled: customer !== null
  });
  const name = firstName(profile.fullname, profile.email);
  if (!customer) {
    return (
      <Card>
        <EmptyState icon={icon} title={`${name} has no e-mail address.`} description={`Their ${noun.many} cannot be found: these records name customers by e-mail.`} />
      </Card>
    );
  }
  return (
    <PagedTable
      query={query}
      columns={[
        dateColumn<MoneyRowShown>('date', 'Date', (row) => row[date]),
        textColumn<MoneyRowShown>('detail', detail[0], (row) => row[detail[1]] as string | null, 'w-20'),
        amountColumn<MoneyRowShown>(),
        statusColumn<MoneyRowShown>()
      ]}
      caption={`${name}'s ${noun.many}, newest first`}
      noun={noun}
      sortField="date"
      empty={{ icon, title: `${name} has no ${noun.many} yet.` }}
      errorTitle={`Couldn't load the ${noun.many}`}
    />
  );
}
