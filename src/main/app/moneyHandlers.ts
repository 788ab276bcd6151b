import type { SessionUser } from '../../shared/contract';
import type { Handlers } from '../rpc/dispatcher';
import { requireActor } from './actor';
import type { MailDispatcher } from './mailDispatcher';
import type { LedgerStore, MailOutbox, MoneyLists } from './ports';
import {
  setCompoundInvestmentStatus,
  setDepositStatus,
  setInvestmentStatus,
  setWithdrawalStatus,
  type StatusChangeContext
} from './statusChanges';

export interface MoneyServices {
  store: LedgerStore;
  lists: MoneyLists;
  outbox: MailOutbox;
  mail: MailDispatcher;
  platformName: string;
}

type MoneyMethod =
  | 'deposits.list'
  | 'deposits.setStatus'
  | 'withdrawals.list'
  | 'withdrawals.setStatus'
  | 'investments.list'
  | 'investments.setStatus'
  | 'compoundInvestments.list'
  | 'compoundInvestments.setStatus'
  | 'users.card'
  | 'audit.list'
  | 'mail.outbox'
  | 'mail.counts'
  | 'mail.retry';

/** The deposits, withdrawals, investments, audit and e-mail queue methods. */
export function moneyHandlers(
  services: () => MoneyServices,
  actor: () => SessionUser | null
): Pick<Handlers, MoneyMethod> {
  const signedIn = requireActor(actor);
  const context = (): StatusChangeContext => {
    const s = services();
    return { store: s.store, actor: signedIn(), platformName: s.platformName, mailQueued: () => s.mail.kick() };
  };
  return {
    'deposits.list': (at) => services().lists.deposits(at),
    'deposits.setStatus': ({ id, status }) => setDepositStatus(context(), id, status),
    'withdrawals.list': (at) => services().lists.withdrawals(at),
    'withdrawals.setStatus': ({ id, status }) => setWithdrawalStatus(context(), id, status),
    'investments.list': (at) => services().lists.investments(at),
    'investments.setStatus': ({ id, status }) => setInvestmentStatus(context(), id, status),
    'compoundInvestments.list': (at) => services().lists.compoundInvestments(at),
    'compoundInvestments.setStatus': ({ id, status }) => setCompoundInvestmentStatus(context(), id, status),
    'users.card': ({ id }) => services().lists.customerCard(id),
    'audit.list': ({ kind, ...at }) => services().lists.audit(kind ?? null, at),
    'mail.outbox': ({ state, ...at }) => services().outbox.list(state ?? null, at),
    'mail.counts': () => services().outbox.counts(),
    'mail.retry': async ({ id }) => {
      const s = services();
      await s.outbox.retry(id, signedIn());
      s.mail.kick();
      return null;
    }
  };
}
