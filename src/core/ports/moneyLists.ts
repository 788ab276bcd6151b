import type { AuditRow, CompoundInvestmentRow, DepositRow, InvestmentRow, Page, StatusCounts, CustomerCard, WithdrawalRow } from '../../shared/contract';
import type { AuditKind } from '../../shared/domain/changeset';
import type { MoneyFilters } from '../../shared/queries/lists';
import type { MoneyListName } from '../../shared/schemas/lists';
import type { PageAt } from './paging';

/** Each money list's rows (src/shared/schemas/lists.ts names the lists). */
export interface MoneyRows extends Record<MoneyListName, unknown> {
  deposits: DepositRow;
  withdrawals: WithdrawalRow;
  investments: InvestmentRow;
  compoundInvestments: CompoundInvestmentRow;
}

export type { MoneyListName } from '../../shared/schemas/lists';

/** The money lists and the audit trail, as rows a screen can show (src/main/firebase/moneyLists.ts). */
export interface MoneyLists {
  list<L extends MoneyListName>(name: L, query: MoneyFilters & PageAt): Promise<Page<MoneyRows[L]>>;
  /** Records per status within the other filters, by aggregation. */
  counts(name: MoneyListName, filters: Omit<MoneyFilters, 'status' | 'order'>): Promise<StatusCounts>;
  customerCard(id: string): Promise<CustomerCard>;
  audit(query: { kind?: AuditKind | null; userId?: string | null; adminUid?: string | null } & PageAt): Promise<Page<AuditRow>>;
}
