import type { ParsedInput, Administrator } from '../shared/contract';
import { APPROVAL_POLICY_FIELD, readApprovalPolicy, type ApprovalNeed, type ApprovalPolicy } from '../shared/domain/approvals';
import type { Changeset } from '../shared/domain/changeset';
import { changePlatformSettings, PLATFORM_SETTINGS_PATH, policyNeed, type PlatformSettingsChanges } from '../shared/domain/platformSettings';
import { updatePlan } from '../shared/domain/plans';
import { changeRiskRules as riskRulesChange, RISK_RULES_PATH, type RiskRules } from '../shared/domain/riskRules';
import { saveWalletAddresses, type WalletAddresses } from '../shared/domain/wallets';
import { dualControlOf, underPolicy, type DualControlContext } from './dualControl';
import type { Operation } from './operations';
import type { LedgerStore, Transaction, TransactionReader } from './ports/ledgerStore';
import { outcomeOf, required } from './reads';

/**
 * One administrator's change to the platform's settings, as the store commits it. The wallet
 * addresses, the risk rules and the policy itself are under the approval policy (§15.6): the
 * context says when an approver applies a request instead.
 */
export interface SettingsChangeContext extends DualControlContext {
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

/** The approval policy as stored now, read inside the transaction (a policy changed meanwhile re-decides). */
const policyIn = async (read: TransactionReader) => readApprovalPolicy((await storedAt(read, PLATFORM_SETTINGS_PATH))?.[APPROVAL_POLICY_FIELD]);

/** A whole settings document the policy's switch covers: the change asked is the document as it would be written. */
const documentNeed =
  (on: (policy: ApprovalPolicy) => boolean, kind: 'wallets' | 'riskRules', target: string, why: string) =>
  async (read: TransactionReader, decided: Changeset): Promise<ApprovalNeed | null> => {
    if (!on(await policyIn(read))) return null;
    const written = decided.changes.find((change) => change.path === target)?.set;
    return written ? { kind, target, change: { ...written }, why } : null;
  };

export const WALLETS_PATH = 'settings/walletAddresses';

/** The receiving wallet addresses, each checked per coin, written with the old ones in the audit entry; under the policy's walletChanges. */
export function changeWalletAddresses(ctx: SettingsChangeContext, addresses: WalletAddresses) {
  const need = documentNeed((policy) => policy.walletChanges, 'wallets', WALLETS_PATH, "Changing where deposits go needs a second administrator's approval.");
  const decide = async (read: TransactionReader) => saveWalletAddresses(await storedAt(read, WALLETS_PATH), addresses);
  return commitChange(ctx, underPolicy(decide, need, { addresses }, dualControlOf(ctx, 'wallets.save')));
}

/**
 * Some of settings/ledgerdesk, read and changed in one transaction, audited field by field. A save
 * that loosens an active approval policy is asked as a whole, the policy's rules with the rest.
 */
export function changeSettings(ctx: SettingsChangeContext, changes: PlatformSettingsChanges) {
  const decide = async (read: TransactionReader) => changePlatformSettings(await storedAt(read, PLATFORM_SETTINGS_PATH), changes);
  const need = async (read: TransactionReader) => policyNeed(await storedAt(read, PLATFORM_SETTINGS_PATH), changes);
  return commitChange(ctx, underPolicy(decide, need, { changes }, dualControlOf(ctx, 'platformSettings.save')));
}

/** settings/riskRules, read and replaced in one transaction, audited with what changed; under the policy's riskRuleChanges. */
export function changeRiskRules(ctx: SettingsChangeContext, rules: RiskRules) {
  const need = documentNeed(
    (policy) => policy.riskRuleChanges,
    'riskRules',
    RISK_RULES_PATH,
    "Changing the risk rules needs a second administrator's approval."
  );
  const decide = async (read: TransactionReader) => riskRulesChange(await storedAt(read, RISK_RULES_PATH), rules);
  return commitChange(ctx, underPolicy(decide, need, { rules }, dualControlOf(ctx, 'riskRules.save')));
}
