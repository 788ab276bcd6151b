import type { SessionUser } from '../../shared/contract';
import { customerName, type Changeset } from '../../shared/domain/changeset';
import { updatePlan } from '../../shared/domain/plans';
import { saveWalletAddresses } from '../../shared/domain/wallets';
import { AppError, fail, ok } from '../../shared/result';
import type { DashboardRepository } from '../firebase/dashboardRepository';
import type { SettingsRepository } from '../firebase/settings';
import type { Handlers } from '../rpc/dispatcher';
import { requireActor, requireIdToken } from './actor';
import type { BackendHost, LedgerStore } from './ports';

export interface SettingsServices {
  store: LedgerStore;
  settings: SettingsRepository;
  dashboard: DashboardRepository;
  backend: BackendHost;
  idToken: () => Promise<string | null>;
}

type SettingsMethod = 'dashboard.daily' | 'plans.list' | 'plans.update' | 'wallets.get' | 'wallets.save' | 'mail.send';

export const FILL_IN_ALL_FIELDS = 'Please fill in all fields';

const looksLikeEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

/** Plans, wallet addresses, webmail and the dashboard chart. */
export function settingsHandlers(
  services: () => SettingsServices,
  actor: () => SessionUser | null
): Pick<Handlers, SettingsMethod> {
  const signedIn = requireActor(actor);
  const changed = (changeset: Changeset) => ({ message: changeset.message, effects: changeset.effects });

  return {
    'dashboard.daily': ({ days }) => services().dashboard.daily(days ?? 30),
    'plans.list': () => services().settings.plans(),
    'plans.update': async ({ id, ...plan }) =>
      changed(
        await services().store.transact(async (read) => {
          const current = await read.get(`investmentPlans/${id}`);
          return current ? updatePlan(id, current.data, plan) : fail('NOT_FOUND', 'This plan no longer exists.');
        }, signedIn())
      ),
    'wallets.get': async () => ({ addresses: await services().settings.walletAddresses() }),
    'wallets.save': async ({ addresses }) =>
      changed(
        await services().store.transact(
          async (read) => saveWalletAddresses((await read.get('settings/walletAddresses'))?.data ?? null, addresses),
          signedIn()
        )
      ),
    'mail.send': async ({ to, toName, subject, companyName, html }) => {
      const admin = signedIn();
      const fields = [to, subject, companyName, html].map((f) => f.trim());
      if (fields.some((f) => !f)) throw new AppError('VALIDATION', FILL_IN_ALL_FIELDS);
      if (!looksLikeEmail(to.trim())) throw new AppError('VALIDATION', `"${to}" is not an e-mail address.`);
      const { backend, idToken, store } = services();
      const token = await requireIdToken(idToken);
      await backend.sendMail({ email: to.trim(), subject: subject.trim(), CompanyName: companyName.trim(), htmlToSend: html }, token);
      // Audited after it went out: the recipient and subject, never the body.
      const recipient = toName ? customerName({ id: '', data: { fullname: toName, email: to } }) : to.trim();
      await store.transact(
        async () =>
          ok({
            changes: [],
            audit: {
              kind: 'mail',
              action: 'mail.send',
              entityPath: 'mail',
              summary: `E-mail "${subject.trim()}" sent to ${recipient}`,
              before: {},
              after: { to: to.trim(), subject: subject.trim() },
              notes: [],
              reason: null
            },
            emails: [],
            effects: [],
            message: 'Email sent successfully!'
          }),
        admin
      );
      return { message: 'Email sent successfully!' };
    }
  };
}
