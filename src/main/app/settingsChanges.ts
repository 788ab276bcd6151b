import type { ParsedInput, SessionUser } from '../../shared/contract';
import { changePlatformSettings, PLATFORM_SETTINGS_PATH, type PlatformSettingsChanges } from '../../shared/domain/platformSettings';
import { updatePlan } from '../../shared/domain/plans';
import { changeRiskRules as riskRulesChange, RISK_RULES_PATH, type RiskRules } from '../../shared/domain/riskRules';
import { saveWalletAddresses, type WalletAddresses } from '../../shared/domain/wallets';
import type { Operation } from './operations';
import type { LedgerStore } from './ports/ledgerStore';
import { outcomeOf, required } from './reads';

/** One administrator's change to the platform's settings, as the store commits it. */
export interface SettingsChangeContext {
  store: LedgerStore;
  actor: SessionUser;
  operation: Operation;
}

/** A plan's fields, checked by the pure rule against the stored plan inside the transaction. */
export async function changePlan(ctx: SettingsChangeContext, input: ParsedInput<'plans.update'>) {
  const { id, ...plan } = input;
  const { answer } = await ctx.store.transact({
    operation: ctx.operation,
    actor: ctx.actor,
    decide: async (read) => {
      const current = await required(read, `investmentPlans/${id}`, 'This plan no longer exists.');
      return current.ok ? updatePlan(id, current.value.data, plan) : current;
    },
    answer: outcomeOf
  });
  return answer;
}

/** The receiving wallet addresses, each checked per coin, written with the old ones in the audit entry. */
export async function changeWalletAddresses(ctx: SettingsChangeContext, addresses: WalletAddresses) {
  const { answer } = await ctx.store.transact({
    operation: ctx.operation,
    actor: ctx.actor,
    decide: async (read) => saveWalletAddresses((await read.get('settings/walletAddresses'))?.data ?? null, addresses),
    answer: outcomeOf
  });
  return answer;
}

/** Some of settings/ledgerdesk, read and changed in one transaction, audited field by field. */
export async function changeSettings(ctx: SettingsChangeContext, changes: PlatformSettingsChanges) {
  const { answer } = await ctx.store.transact({
    operation: ctx.operation,
    actor: ctx.actor,
    decide: async (read) => changePlatformSettings((await read.get(PLATFORM_SETTINGS_PATH))?.data ?? null, changes),
    answer: outcomeOf
  });
  return answer;
}

/** settings/riskRules, read and replaced in one transaction, audited with what changed. */
export async function changeRiskRules(ctx: SettingsChangeContext, rules: RiskRules) {
  const { answer } = await ctx.store.transact({
    operation: ctx.operation,
    actor: ctx.actor,
    decide: async (read) => riskRulesChange((await read.get(RISK_RULES_PATH))?.data ?? null, rules),
    answer: outcomeOf
  });
  return answer;
}
