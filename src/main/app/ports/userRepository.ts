import type { Kyc, Page, ReferralRow, UserRow, UserSearchResult } from '../../../shared/contract';
import type { PageAt } from './paging';

/** The platform's users and their referrals (src/main/firebase/users.ts). */
export interface UserRepository {
  list(at: PageAt): Promise<Page<UserRow>>;
  count(): Promise<{ total: number; unlisted: number }>;
  search(text: string): Promise<UserSearchResult>;
  countPasswordFields(): Promise<number>;
  kyc(id: string): Promise<Kyc>;
  referrals(at: PageAt): Promise<Page<ReferralRow>>;
}
