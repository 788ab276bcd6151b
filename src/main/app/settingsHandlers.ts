import type { SessionUser } from '../../shared/contract';
import { customerName } from '../../shared/domain/changeset';
import { FILL_IN_ALL_FIELDS } from '../../shared/domain/emails';
import { updatePlan } from '../../shared/domain/plans';
import { saveWalletAddresses } from '../../shared/domain/wallets';
import { AppError, ok } from '../../shared/result';
import type { DashboardRepository } from '../firebase/dashboardRepository';
import type { SettingsRepository } from '../firebase/settings';
import type { Handlers } from '../rpc/dispatcher';
import { requireActor, requireIdToken } from './actor';
import { outcomeOf, required } from './reads';
import type { BackendHost, LedgerStore } from './ports';

export interface SettingsServices {
  store: LedgerStore;
  settings: SettingsRepository;
  dashboard: DashboardRepository;
  backend: BackendHost;
  idToken: () => Promise<string | null>;
}

type SettingsMethod = 'dashboard.daily' | 'plans.list' | 'plans.update' | 'wallets.get' | 'wallets.save' | 'mail.send';

const looksLikeEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

/** Plans, wallet addresses, webmail and the dashboard chart. */
export function settingsHandlers(
  services: () => SettingsServices,
  actor: () => SessionUser | null
): Pick<Handlers, SettingsMethod> {
  const signedIn = requireActor(actor);

  return {
    'dashboard.daily': ({ days }) => services().dashboard.daily(days ?? 30),
    'plans.list': () => services().settings.plans(),
    'plans.update': async ({ id, ...plan }) =>
      outcomeOf(
        await services().store.transact(async (read) => {
          const current = await required(read, `investmentPlans/${id}`, 'This plan no longer exists.');
          return current.ok ? updatePlan(id, current.value.data, plan) : current;
        }, signedIn())
      ),
    'wallets.get': async () => ({ addresses: await services().settings.walletAddresses() }),
    'wallets.save': async ({ addresses }) =>
      outcomeOf(
        await services().store.transact(
          async (read) => saveWalletAddresses((await read.get('settings/walletAddresses'))?.data ?? null, addresses),
          signedIn()
        )
      ),
    'mail.send': async ({ to, toName, subject, companyName, html }) => {
      const admin = signedIn();
      const [email, title, company] = [to.trim(), subject.trim(), companyName.trim()];
      if (!email || !title || !company || !html.trim()) throw new AppError('VALIDATION', FILL_IN_ALL_FIELDS);
      if (!looksLikeEmail(email)) throw new AppError('VALIDATION', `"${to}" is not an e-mail address.`);
      const { backend, idToken, store } = services();
      const token = await requireIdToken(idToken);
      await backend.sendMail({ email, subject: title, CompanyName: company, htmlToSend: html }, token);
      // Audited after it went out: the recipient and subject, never the body.
      const recipient = toName ? customerName({ id: '', data: { fullname: toName, email: to } }) : email;
      await store.transact(
        async () =>
          ok({
            changes: [],
            audit: {
              kind: 'mail',
              action: 'mail.send',
              entityPath: 'mail',
              summary: `E-mail "${title}" sent to ${recipient}`,
              before: {},
              after: { to: email, subject: title },
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
