import type {
  AuditEntry,
  CompoundInvestmentRow,
  DepositRow,
  InvestmentRow,
  Page,
  StatusCounts,
  UserCard,
  WithdrawalRow
} from '../../../shared/contract';
import type { AuditKind } from '../../../shared/domain/changeset';
import type { MoneyFilters } from '../../../shared/queries/lists';
import type { PageAt } from './paging';

export interface MoneyRows {
  deposits: DepositRow;
  withdrawals: WithdrawalRow;
  investments: InvestmentRow;
  compoundInvestments: CompoundInvestmentRow;
}

export type MoneyListName = keyof MoneyRows;

/** The money lists and the audit trail, as rows a screen can show (src/main/firebase/moneyLists.ts). */
export interface MoneyLists {
  list<L extends MoneyListName>(name: L, query: MoneyFilters & PageAt): Promise<Page<MoneyRows[L]>>;
  /** Records per status within the other filters, by aggregation. */
  counts(name: MoneyListName, filters: Omit<MoneyFilters, 'status' | 'order'>): Promise<StatusCounts>;
  userCard(id: string): Promise<UserCard>;
  audit(query: { kind?: AuditKind | null; userId?: string | null } & PageAt): Promise<Page<AuditEntry>>;
}
