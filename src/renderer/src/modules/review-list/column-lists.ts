import type { ColumnList, MoneyListName } from '@shared/contract';

/** A review list keeps its columns on its own screen and, apart, as a customer page's tab (where its Email column tells little). */
const asCustomerTab: Record<MoneyListName, ColumnList> = {
  deposits: 'customerDeposits',
  withdrawals: 'customerWithdrawals',
  investments: 'customerInvestments',
  compoundInvestments: 'customerCompoundInvestments'
};

export const columnListOf = (name: MoneyListName, embedded: boolean): ColumnList => (embedded ? asCustomerTab[name] : name);
