import type {
  Kyc,
  Output,
  Page,
  ParsedInput,
  ReferralRow,
  CustomerProfile,
  CustomerRow,
  VerificationCounts,
  CustomerSearchResult
} from '../../shared/contract';
import type { PageAt } from './paging';

/** The users list's filters, as users.count takes them: the KYC queue is `kyc: 'pending'` oldest first. */
export type CustomersFilters = ParsedInput<'users.count'>;

/** The platform's users and their referrals (src/main/firebase/userRepository.ts). */
export interface UserRepository {
  list(query: CustomersFilters & PageAt): Promise<Page<CustomerRow>>;
  count(filters: CustomersFilters): Promise<Output<'users.count'>>;
  /** Per verified flag and KYC status, by aggregation. */
  verificationCounts(): Promise<VerificationCounts>;
  profile(id: string): Promise<CustomerProfile>;
  search(text: string): Promise<CustomerSearchResult>;
  countPasswordFields(): Promise<number>;
  kyc(id: string): Promise<Kyc>;
  /** Which of these customers (by id, by e-mail) are suspended: what the lists mark. Reads only the suspended ones. */
  suspendedAmong(among: ParsedInput<'users.suspendedAmong'>): Promise<Output<'users.suspendedAmong'>>;
  /** All referrals, or one customer's: those naming their id or their referral code. */
  referrals(query: Pick<ParsedInput<'referrals.list'>, 'referrer'> & PageAt): Promise<Page<ReferralRow>>;
}
