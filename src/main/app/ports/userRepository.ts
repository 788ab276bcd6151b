import type { Kyc, KycStatus, Page, ReferralRow, UserProfile, UserRow, VerificationCounts, UserSearchResult } from '../../../shared/contract';
import type { ListOrder } from '../../../shared/queries/lists';
import type { PageAt } from './paging';

/** The users list's filters: the KYC queue is `kyc: 'pending'` oldest first. */
export interface UsersFilters {
  verified?: boolean | null;
  kyc?: KycStatus | null;
  order?: ListOrder;
}

/** The platform's users and their referrals (src/main/firebase/userRepository.ts). */
export interface UserRepository {
  list(query: UsersFilters & PageAt): Promise<Page<UserRow>>;
  count(filters: UsersFilters): Promise<{ total: number; unlisted: number }>;
  /** Per verified flag and KYC status, by aggregation. */
  verificationCounts(): Promise<VerificationCounts>;
  profile(id: string): Promise<UserProfile>;
  search(text: string): Promise<UserSearchResult>;
  countPasswordFields(): Promise<number>;
  kyc(id: string): Promise<Kyc>;
  /** Which of these customers (by id, by e-mail) are suspended: what the lists mark. Reads only the suspended ones. */
  suspendedAmong(among: { ids?: string[]; emails?: string[] }): Promise<{ ids: string[]; emails: string[] }>;
  /** All referrals, or one customer's: those naming their id or their referral code. */
  referrals(query: { referrer?: { userId: string; code?: string | null } | null } & PageAt): Promise<Page<ReferralRow>>;
}
