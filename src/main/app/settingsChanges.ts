import type { ParsedInput, Administrator } from '../../shared/contract';
import { changePlatformSettings, PLATFORM_SETTINGS_PATH, type PlatformSettingsChanges } from '../../shared/domain/platformSettings';
import { updatePlan } from '../../shared/domain/plans';
import { changeRiskRules as riskRulesChange, RISK_RULES_PATH, type RiskRules } from '../../shared/domain/riskRules';
import { saveWalletAddresses, type WalletAddresses } from '../../shared/domain/wallets';
import type { Operation } from './operations';
import type { LedgerStore, Transaction, TransactionReader } from './ports/ledgerStore';
import { outcomeOf, required } from './reads';

/** One administrator's change to the platform's settings, as the store commits it. */
export interface SettingsChangeContext {
  store: LedgerStore;
  actor: Administrator;
  operation: Operation;
}

/** Commits what `decide` makes of the settings it reads inside the transaction; the screen is told the outcome. */
async function commitChange(ctx: SettingsChangeContext, decide: Transaction<unknown>['decide']) {
  const { answer } = await ctx.store.transact({ operation: ctx.operation, actor: ctx.actor, decide, answer: outcomeOf });
  return answer;
}

/** A settings document's stored fields, read inside the transaction; null when it was never saved. */
const storedAt = async (read: TransactionReader, path: string) => (await read.get(path))?.data ?? null;

/** A plan's fields, checked by the pure rule against the stored plan inside the transaction. */
export function changePlan(ctx: SettingsChangeContext, input: ParsedInput<'plans.update'>) {
  const { id, ...plan } = input;
  return commitChange(ctx, async (read) => {
    const current = await required(read, `investmentPlans/${id}`, 'This plan no longer exists.');
    return current.ok ? updatePlan(id, current.value.data, plan) : current;
  });
}

/** The receiving wallet addresses, each checked per coin, written with the old ones in the audit entry. */
export function changeWalletAddresses(ctx: SettingsChangeContext, addresses: WalletAddresses) {
  return commitChange(ctx, async (read) => saveWalletAddresses(await storedAt(read, 'settings/walletAddresses'), addresses));
}

/** Some of settings/ledgerdesk, read and changed in one transaction, audited field by field. */
export function changeSettings(ctx: SettingsChangeContext, changes: PlatformSettingsChanges) {
  return commitChange(ctx, async (read) => changePlatformSettings(await storedAt(read, PLATFORM_SETTINGS_PATH), changes));
}

/** settings/riskRules, read and replaced in one transaction, audited with what changed. */
export function changeRiskRules(ctx: SettingsChangeContext, rules: RiskRules) {
  return commitChange(ctx, async (read) => riskRulesChange(await storedAt(read, RISK_RULES_PATH), rules));
}
