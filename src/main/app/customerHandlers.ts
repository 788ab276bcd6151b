import type { SessionUser } from '../../shared/contract';
import { adjustCustomerField, decideKyc, setCustomerVerified } from '../../shared/domain/customers';
import type { Changeset, DocSnapshot } from '../../shared/domain/changeset';
import type { Result } from '../../shared/result';
import type { Handlers } from '../rpc/dispatcher';
import { requireActor, requireIdToken } from './actor';
import { operationOf } from './operations';
import { outcomeOf, required } from './reads';
import type { BackendHost } from './ports/backendHost';
import type { LedgerStore } from './ports/ledgerStore';
import type { UserRepository } from './ports/userRepository';

export interface CustomerServices {
  store: LedgerStore;
  customers: UserRepository;
  backend: BackendHost;
  idToken: () => Promise<string | null>;
}

type CustomerMethod =
  | 'users.list'
  | 'users.count'
  | 'users.search'
  | 'users.passwordNotice'
  | 'users.adjust'
  | 'users.setVerified'
  | 'users.kyc'
  | 'users.decideKyc'
  | 'users.delete'
  | 'referrals.list';

const CUSTOMER_GONE = 'This customer no longer exists.';

/** Users, KYC, adjustments, deletion and referrals. Every write is one audited transaction. */
export function customerHandlers(
  services: () => CustomerServices,
  actor: () => SessionUser | null
): Pick<Handlers, CustomerMethod> {
  const signedIn = requireActor(actor);
  /** Reads users/{id} in the transaction and lets a pure rule decide what to write. */
  const onCustomer = async (
    method: CustomerMethod,
    input: { id: string; operationId: string },
    rule: (customer: DocSnapshot) => Result<Changeset>
  ) => {
    const { answer } = await services().store.transact(
      operationOf(method, input),
      async (read) => {
        const customer = await required(read, `users/${input.id}`, CUSTOMER_GONE);
        return customer.ok ? rule(customer.value) : customer;
      },
      outcomeOf,
      signedIn()
    );
    return answer;
  };

  return {
    'users.list': (at) => services().customers.list(at),
    'users.count': () => services().customers.count(),
    'users.search': ({ text }) => services().customers.search(text),
    'users.passwordNotice': async () => ({ withPasswordField: await services().customers.countPasswordFields() }),
    'users.adjust': (input) => onCustomer('users.adjust', input, (customer) => adjustCustomerField(customer, input)),
    'users.setVerified': (input) =>
      onCustomer('users.setVerified', input, (customer) => setCustomerVerified(customer, input.verified)),
    'users.kyc': ({ id }) => services().customers.kyc(id),
    'users.decideKyc': (input) => onCustomer('users.decideKyc', input, (customer) => decideKyc(customer, input.status)),
    // The backend host keeps the operationId as its Idempotency-Key; a customer who still holds money or has
    // pending requests is refused as CONFLICT naming the figures, unless force (the screen's second confirmation).
    'users.delete': async ({ id, operationId, force }) => {
      const { backend, idToken } = services();
      const token = await requireIdToken(idToken);
      await backend.deleteUser(id, token, operationId, force === true);
      return { message: 'User has been deleted.' };
    },
    'referrals.list': (at) => services().customers.referrals(at)
  };
}
