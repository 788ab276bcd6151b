import type { SessionUser } from '../../shared/contract';
import { adjustCustomerField, decideKyc, setCustomerVerified } from '../../shared/domain/customers';
import type { Changeset } from '../../shared/domain/changeset';
import type { Result } from '../../shared/result';
import type { CustomerRepository } from '../firebase/customers';
import type { Handlers } from '../rpc/dispatcher';
import { requireActor, requireIdToken } from './actor';
import { outcomeOf, required } from './reads';
import type { BackendHost, LedgerStore, StoredDoc } from './ports';

export interface CustomerServices {
  store: LedgerStore;
  customers: CustomerRepository;
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
  const onCustomer = async (id: string, rule: (customer: StoredDoc) => Result<Changeset>) => {
    const changeset = await services().store.transact(async (read) => {
      const customer = await required(read, `users/${id}`, CUSTOMER_GONE);
      return customer.ok ? rule(customer.value) : customer;
    }, signedIn());
    return outcomeOf(changeset);
  };

  return {
    'users.list': (at) => services().customers.list(at),
    'users.count': () => services().customers.count(),
    'users.search': ({ text }) => services().customers.search(text),
    'users.passwordNotice': async () => ({ withPasswordField: await services().customers.countPasswordFields() }),
    'users.adjust': ({ id, ...command }) => onCustomer(id, (customer) => adjustCustomerField(customer, command)),
    'users.setVerified': ({ id, verified }) => onCustomer(id, (customer) => setCustomerVerified(customer, verified)),
    'users.kyc': ({ id }) => services().customers.kyc(id),
    'users.decideKyc': ({ id, status }) => onCustomer(id, (customer) => decideKyc(customer, status)),
    'users.delete': async ({ id }) => {
      const { backend, idToken } = services();
      const token = await requireIdToken(idToken);
      await backend.deleteUser(id, token);
      return { message: 'User has been deleted.' };
    },
    'referrals.list': (at) => services().customers.referrals(at)
  };
}
