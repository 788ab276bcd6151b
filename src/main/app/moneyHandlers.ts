import type { SessionUser } from '../../shared/contract';
import type { Handlers } from '../rpc/dispatcher';
import { requireActor } from './actor';
import { operationOf } from './operations';
import type { MailDispatcher } from './mailDispatcher';
import type { LedgerStore } from './ports/ledgerStore';
import type { MailOutbox } from './ports/mailOutbox';
import type { MoneyLists } from './ports/moneyLists';
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
  const context = (method: MoneyMethod, input: { operationId: string } & Record<string, unknown>): StatusChangeContext => {
    const s = services();
    return {
      store: s.store,
      actor: signedIn(),
      operation: operationOf(method, input),
      platformName: s.platformName,
      mailQueued: () => s.mail.kick()
    };
  };
  return {
    'deposits.list': (at) => services().lists.deposits(at),
    'deposits.setStatus': (input) => setDepositStatus(context('deposits.setStatus', input), input.id, input.status),
    'withdrawals.list': (at) => services().lists.withdrawals(at),
    'withdrawals.setStatus': (input) => setWithdrawalStatus(context('withdrawals.setStatus', input), input.id, input.status),
    'investments.list': (at) => services().lists.investments(at),
    'investments.setStatus': (input) => setInvestmentStatus(context('investments.setStatus', input), input.id, input.status),
    'compoundInvestments.list': (at) => services().lists.compoundInvestments(at),
    'compoundInvestments.setStatus': (input) => setCompoundInvestmentStatus(context('compoundInvestments.setStatus', input), input.id, input.status),
    'users.card': ({ id }) => services().lists.customerCard(id),
    'audit.list': ({ kind, ...at }) => services().lists.audit(kind ?? null, at),
    'mail.outbox': ({ state, ...at }) => services().outbox.list(state ?? null, at),
    'mail.counts': () => services().outbox.counts(),
    'mail.retry': async (input) => {
      const s = services();
      await s.outbox.retry(input.id, signedIn(), operationOf('mail.retry', input));
      s.mail.kick();
      return null;
    }
  };
}
