import type { Kyc, Page } from '../../shared/contract';
import type { DeletedCustomerRow } from '../../shared/schemas/reconciliation';
import type { PageAt } from './paging';

/** Deleted customers kept on record by the backend host (archivedUsers/{id}; src/main/firebase/archivedUsers.ts). Read only. */
export interface ArchivedUsers {
  /** Newest deletion first, by cursor. */
  list(at: PageAt): Promise<Page<DeletedCustomerRow>>;
  get(id: string): Promise<DeletedCustomerRow>;
  /** The KYC submission as it was when the customer was deleted. */
  kyc(id: string): Promise<Kyc>;
}
