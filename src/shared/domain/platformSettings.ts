import { fail, ok, type Result } from '../result';
import {
  approvalAmountFields,
  approvalPolicyLabels,
  approvalSwitchFields,
  APPROVAL_POLICY_FIELD,
  defaultApprovalPolicy,
  loosenedRules,
  policyIsOn,
  readApprovalPolicy,
  type ApprovalAmountField,
  type ApprovalNeed,
  type ApprovalPolicy
} from './approvals';
import { formatUsd, MAX_AMOUNT } from './money';
import type { Changeset } from './changeset';
import { explorerProblem, readExplorers } from './explorers';
import type { FULL_RUN_WEEKDAY_FIELD } from './nightlyCheck';
import { isTimeZone, TIME_ZONE_PROBLEM } from './timeZone';
import { coins, type Coin } from './wallets';
import { PLATFORM_SETTINGS_PATH } from './settingsPath';

/**
 * How this platform wants Ledgerdesk to behave, kept in `settings/ledgerdesk` (one document the
 * administrator edits). Every field has a default, so a platform that never saved one behaves as
 * before; a stored value of the wrong type is read as the default, never guessed.
 */
export interface PlatformSettings {
  /** A deposit's success and a withdrawal's approval need the chain transaction's id. */
  requireTxid: boolean;
  /** Ledgerdesk pays matured investments (some platforms pay them elsewhere). */
  paysMaturedInvestments: boolean;
  /** The platform's own block explorer per coin (`https://…{txid}…`); null: the default (src/shared/domain/explorers.ts). */
  explorers: Record<Coin, string | null>;
  /**
   * Who delivers queued e-mails: `desktop`, the dispatcher of a running Ledgerdesk through the backend
   * host (the original set-up), or `server`, Ledgerdesk's functions, with no desktop open (docs/operations/functions.md).
   */
  mailDelivery: MailDelivery;
  /** The hour (0-23, UTC) the functions start the nightly reconciliation run; null: no nightly run. */
  reconciliationHour: number | null;
  /**
   * The weekday (0 Sunday to 6 Saturday, UTC) whose nightly run is the full run over every customer
   * instead of the check of the changed ones (docs/product-rules.md §16.5); null: never.
   */
  reconciliationFullRunWeekday: number | null;
  /** The platform's time zone, an IANA name ("Europe/Berlin"): customers' e-mails write times in it, and a desk may show its times in it. */
  timeZone: string;
  /** Dual control (src/shared/domain/approvals.ts): which decisions need a second administrator; off by default. */
  approvals: ApprovalPolicy;
}

export const mailDeliveries = ['desktop', 'server'] as const;
export type MailDelivery = (typeof mailDeliveries)[number];

/** Some of the settings at once; an explorer given as null goes back to its default. */
export type PlatformSettingsChanges = Partial<Omit<PlatformSettings, 'explorers' | 'approvals'>> & {
  explorers?: Partial<Record<Coin, string | null>>;
  approvals?: Partial<ApprovalPolicy>;
};

type Flag = 'requireTxid' | 'paysMaturedInvestments';
/** The settings that are one value each: the flags and the four choices below. */
type Single = Flag | 'mailDelivery' | 'reconciliationHour' | 'reconciliationFullRunWeekday' | 'timeZone';
const singles: Single[] = ['requireTxid', 'paysMaturedInvestments', 'mailDelivery', 'reconciliationHour', 'reconciliationFullRunWeekday', 'timeZone'];

/** The field's name, the one the nightly run reads (nightlyCheck.ts's FULL_RUN_WEEKDAY_FIELD): the compiler holds the two together. */
const FULL_RUN_WEEKDAY: typeof FULL_RUN_WEEKDAY_FIELD = 'reconciliationFullRunWeekday';

/** The days of the week as the weekday setting numbers them (Date.getUTCDay: 0 Sunday to 6 Saturday). */
export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export { PLATFORM_SETTINGS_PATH };

export const defaultPlatformSettings: PlatformSettings = {
  requireTxid: false,
  paysMaturedInvestments: false,
  explorers: readExplorers(null),
  mailDelivery: 'desktop',
  reconciliationHour: 2,
  // As the nightly run reads a platform that never chose a day (fullRunWeekdayOf): no weekly full run.
  reconciliationFullRunWeekday: null,
  timeZone: 'UTC',
  approvals: defaultApprovalPolicy
};

const isHour = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 23;
const isWeekday = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 6;

/** The settings as stored, each field read on its own: a missing or odd value is its default. */
export function readPlatformSettings(data: Record<string, unknown> | null): PlatformSettings {
  const flag = (name: Flag) => (typeof data?.[name] === 'boolean' ? (data[name] as boolean) : defaultPlatformSettings[name]);
  const hour = data?.reconciliationHour;
  const weekday = data?.[FULL_RUN_WEEKDAY];
  return {
    requireTxid: flag('requireTxid'),
    paysMaturedInvestments: flag('paysMaturedInvestments'),
    explorers: readExplorers(data?.explorers),
    mailDelivery: mailDeliveries.includes(data?.mailDelivery as MailDelivery) ? (data!.mailDelivery as MailDelivery) : defaultPlatformSettings.mailDelivery,
    reconciliationHour: hour === null || isHour(hour) ? hour : defaultPlatformSettings.reconciliationHour,
    // Read as the nightly run reads it (fullRunWeekdayOf): anything but 0-6 is no weekly full run.
    reconciliationFullRunWeekday: isWeekday(weekday) ? weekday : null,
    timeZone: isTimeZone(data?.timeZone) ? data.timeZone : defaultPlatformSettings.timeZone,
    approvals: readApprovalPolicy(data?.approvals)
  };
}

/** What each setting is called on screen and in the audit log. */
export const platformSettingLabels: Record<Single, string> = {
  requireTxid: 'Require a transaction id for credits and payouts',
  paysMaturedInvestments: 'Ledgerdesk pays matured investments',
  mailDelivery: 'Queued e-mails are delivered by',
  reconciliationHour: 'Nightly reconciliation starts at',
  reconciliationFullRunWeekday: 'Weekly full check',
  timeZone: 'Platform time zone'
};

/** A setting's value in the audit summary's words. */
function valueSaid(name: Single, value: unknown): string {
  if (name === 'mailDelivery') return value === 'server' ? 'the server (Ledgerdesk’s functions)' : 'this desktop';
  if (name === 'reconciliationHour') return value === null ? 'never' : `${String(value).padStart(2, '0')}:00 UTC`;
  if (name === 'reconciliationFullRunWeekday') return value === null ? 'off' : `on ${weekdayNames[value as number]}s (UTC)`;
  if (name === 'timeZone') return `set to ${String(value)}`;
  return value ? 'on' : 'off';
}

/** Why a value cannot be stored for its setting, or null when it can. */
function singleProblem(name: Single, value: unknown): string | null {
  if (name === 'mailDelivery' && !mailDeliveries.includes(value as MailDelivery)) return 'Choose who delivers queued e-mails: this desktop or the server.';
  if (name === 'reconciliationHour' && value !== null && !isHour(value)) return 'The nightly reconciliation hour is a whole hour from 0 to 23 (UTC), or none.';
  if (name === 'reconciliationFullRunWeekday' && value !== null && !isWeekday(value))
    return 'The weekly full check is on one day of the week, Sunday to Saturday, or off.';
  if (name === 'timeZone' && !isTimeZone(value)) return TIME_ZONE_PROBLEM;
  return null;
}

/**
 * Saving some of the settings: only the fields that change are written, with their old and new
 * values on the audit entry. The document is created on the first save.
 */
export function changePlatformSettings(stored: Record<string, unknown> | null, changes: PlatformSettingsChanges): Result<Changeset> {
  const current = readPlatformSettings(stored);
  const path = PLATFORM_SETTINGS_PATH;
  const changedFlags = singles.filter((name) => changes[name] !== undefined && changes[name] !== current[name]);
  for (const name of changedFlags) {
    const problem = singleProblem(name, changes[name]);
    if (problem) return fail('VALIDATION', problem);
  }
  const explorers = changes.explorers ?? {};
  const changedCoins = coins.filter((coin) => coin in explorers && (explorers[coin]?.trim() || null) !== current.explorers[coin]);
  for (const coin of changedCoins) {
    const problem = explorers[coin] ? explorerProblem(explorers[coin]!) : null;
    if (problem) return fail('VALIDATION', `${coin} explorer: ${problem}`);
  }
  const policy = changedPolicy(current.approvals, changes.approvals);
  if (!policy.ok) return policy;
  const changedRules = Object.keys(policy.value) as (keyof ApprovalPolicy)[];
  const policyChanged = changedRules.length > 0;
  if (changedFlags.length === 0 && changedCoins.length === 0 && !policyChanged) return fail('CONFLICT', 'These settings already have those values.');

  const set: Record<string, unknown> = Object.fromEntries(changedFlags.map((name) => [name, changes[name]]));
  const before: Record<string, unknown> = Object.fromEntries(changedFlags.map((name) => [`${path}.${name}`, current[name]]));
  const after: Record<string, unknown> = Object.fromEntries(changedFlags.map((name) => [`${path}.${name}`, changes[name]]));
  for (const coin of changedCoins) {
    const value = explorers[coin]?.trim() || null;
    set[`explorers.${coin}`] = value;
    before[`${path}.explorers.${coin}`] = current.explorers[coin];
    after[`${path}.explorers.${coin}`] = value;
  }
  for (const rule of changedRules) {
    set[`approvals.${rule}`] = policy.value[rule];
    before[`${path}.approvals.${rule}`] = current.approvals[rule];
    after[`${path}.approvals.${rule}`] = policy.value[rule];
  }
  const said = [
    ...changedRules.map((rule) => `${approvalPolicyLabels[rule]}: ${policyValueSaid(rule, policy.value[rule])}`),
    ...changedFlags.map((name) => `${platformSettingLabels[name]} ${valueSaid(name, changes[name])}`),
    ...changedCoins.map((coin) => `${coin} explorer ${explorers[coin]?.trim() ? 'set' : 'back to the default'}`)
  ];
  const created = (): Record<string, unknown> => {
    const whole: PlatformSettings = { ...current, explorers: { ...current.explorers } };
    for (const name of changedFlags) Object.assign(whole, { [name]: changes[name] });
    for (const coin of changedCoins) whole.explorers[coin] = explorers[coin]?.trim() || null;
    if (policyChanged) whole.approvals = { ...whole.approvals, ...policy.value };
    return { ...whole };
  };
  return ok(
    settingsSaved({
      change: stored === null ? { path, set: created(), replace: true } : { path, set },
      action: 'settings.platform',
      what: 'Platform settings',
      said,
      before,
      after
    })
  );
}

/** A rule of the approval policy in the audit summary's words: "from $1,000.00", "none", "on", "off". */
function policyValueSaid(rule: keyof ApprovalPolicy, value: unknown): string {
  if ((approvalAmountFields as readonly string[]).includes(rule)) return typeof value === 'number' ? `from ${formatUsd(value)}` : 'none';
  return value ? 'on' : 'off';
}

/** Why an amount of the policy cannot be stored, in the owner's words. */
const amountProblem = (rule: ApprovalAmountField): string =>
  `${approvalPolicyLabels[rule]}: enter a positive amount in dollars and cents, at most ${formatUsd(MAX_AMOUNT)}, or leave it empty for none.`;

/**
 * The rules of the approval policy a save changes (only those whose value differs from the stored
 * policy), each checked: an amount is dollars and cents (or null: none), a switch on or off.
 */
export function changedPolicy(current: ApprovalPolicy, asked: Partial<ApprovalPolicy> | undefined): Result<Partial<ApprovalPolicy>> {
  const changed: Partial<ApprovalPolicy> = {};
  for (const rule of approvalAmountFields) {
    const value = asked?.[rule];
    if (value === undefined || value === current[rule]) continue;
    if (value !== null && readApprovalPolicy({ [rule]: value })[rule] !== value) return fail('VALIDATION', amountProblem(rule));
    changed[rule] = value;
  }
  for (const rule of approvalSwitchFields) {
    const value = asked?.[rule];
    if (value === undefined || value === current[rule]) continue;
    if (typeof value !== 'boolean') return fail('VALIDATION', `${approvalPolicyLabels[rule]}: choose on or off.`);
    changed[rule] = value;
  }
  return ok(changed);
}

/**
 * Dual control of the policy itself (docs/product-rules.md §15.6): a save that loosens an active
 * policy (an amount raised or removed, a switch turned off) is an approval request for the rules it
 * sets, the whole save with them; a save that only tightens it, or changes other settings, applies.
 */
export function policyNeed(stored: Record<string, unknown> | null, changes: PlatformSettingsChanges): ApprovalNeed | null {
  const current = readApprovalPolicy(stored?.[APPROVAL_POLICY_FIELD]);
  if (!policyIsOn(current)) return null;
  const changed = changedPolicy(current, changes.approvals);
  if (!changed.ok) return null;
  const loosened = loosenedRules(current, changed.value);
  if (loosened.length === 0) return null;
  return {
    kind: 'policy',
    target: PLATFORM_SETTINGS_PATH,
    change: { ...changed.value },
    why: `Loosening the approval policy (${loosened.map((rule) => approvalPolicyLabels[rule]).join('; ')}) needs a second administrator's approval, and so does the rest of this save.`
  };
}

/** One settings document saved (platform settings, risk rules): its change, audited field by field and summed up in words. */
export function settingsSaved(saved: {
  change: Changeset['changes'][number];
  action: string;
  /** "Risk rules": the summary says "Risk rules changed: ...", the answer "Risk rules saved." */
  what: string;
  said: string[];
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}): Changeset {
  return {
    changes: [saved.change],
    audit: {
      kind: 'settings',
      action: saved.action,
      entityPath: saved.change.path,
      summary: `${saved.what} changed: ${saved.said.join('; ')}`,
      before: saved.before,
      after: saved.after,
      notes: [],
      reason: null
    },
    emails: [],
    effects: [],
    message: `${saved.what} saved.`
  };
}
