import type {
  AuditEntry,
  CompoundInvestmentRow,
  UserCard,
  DepositRow,
  InvestmentRow,
  Page,
  WithdrawalRow
} from '../../../shared/contract';
import type { AuditKind } from '../../../shared/domain/changeset';
import type { PageAt } from './paging';

/** The money lists and the audit trail, as rows a screen can show (src/main/firebase/moneyLists.ts). */
export interface MoneyLists {
  deposits(at: PageAt): Promise<Page<DepositRow>>;
  withdrawals(at: PageAt): Promise<Page<WithdrawalRow>>;
  investments(at: PageAt): Promise<Page<InvestmentRow>>;
  compoundInvestments(at: PageAt): Promise<Page<CompoundInvestmentRow>>;
  userCard(id: string): Promise<UserCard>;
  audit(kind: AuditKind | null, at: PageAt): Promise<Page<AuditEntry>>;
}
