import type { SessionUser } from '../../shared/contract';
import { updatePlan } from '../../shared/domain/plans';
import { saveWalletAddresses } from '../../shared/domain/wallets';
import type { Handlers } from '../rpc/dispatcher';
import { requireActor } from './actor';
import { operationOf } from './operations';
import { sendCustomMail } from './sendMail';
import { outcomeOf, required } from './reads';
import type { BackendHost } from './ports/backendHost';
import type { DashboardRepository } from './ports/dashboardRepository';
import type { LedgerStore } from './ports/ledgerStore';
import type { SettingsRepository } from './ports/settingsRepository';

export interface SettingsServices {
  store: LedgerStore;
  settings: SettingsRepository;
  dashboard: DashboardRepository;
  backend: BackendHost;
  idToken: () => Promise<string | null>;
}

type SettingsMethod = 'dashboard.daily' | 'plans.list' | 'plans.update' | 'wallets.get' | 'wallets.save' | 'mail.send';

/** Plans, wallet addresses, webmail and the dashboard chart. */
export function settingsHandlers(
  services: () => SettingsServices,
  actor: () => SessionUser | null
): Pick<Handlers, SettingsMethod> {
  const signedIn = requireActor(actor);

  return {
    'dashboard.daily': ({ days }) => services().dashboard.daily(days ?? 30),
    'plans.list': () => services().settings.plans(),
    'plans.update': async (input) => {
      const { id, ...plan } = input;
      const { answer } = await services().store.transact(
        operationOf('plans.update', input),
        async (read) => {
          const current = await required(read, `investmentPlans/${id}`, 'This plan no longer exists.');
          return current.ok ? updatePlan(id, current.value.data, plan) : current;
        },
        outcomeOf,
        signedIn()
      );
      return answer;
    },
    'wallets.get': async () => ({ addresses: await services().settings.walletAddresses() }),
    'wallets.save': async (input) => {
      const { answer } = await services().store.transact(
        operationOf('wallets.save', input),
        async (read) => saveWalletAddresses((await read.get('settings/walletAddresses'))?.data ?? null, input.addresses),
        outcomeOf,
        signedIn()
      );
      return answer;
    },
    'mail.send': (input) => sendCustomMail(services(), signedIn(), input)
  };
}
