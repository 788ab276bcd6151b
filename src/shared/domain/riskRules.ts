import { fail, ok, type Result } from '../result';
import type { Changeset } from './changeset';
import { formatUsd, fromCents, MAX_AMOUNT, toCents } from './money';
import { settingsSaved } from './platformSettings';

/**
 * Monitoring across requests (docs/product-rules.md §5.8): caps on what one customer withdraws in
 * 24 hours and in 30 days, addresses no payout may go to, and the amount above which approving a
 * withdrawal needs the password again. Kept in `settings/riskRules`, edited on the Risk rules
 * screen; a platform that never saved them gets the defaults.
 */
export interface BlockedAddress {
  address: string;
  reason: string;
}

export interface RiskRules {
  /** The most one customer's pending and approved withdrawals may add up to in 24 hours; null: their withdrawalLimit. */
  cap24h: number | null;
  /** The same over 30 days; null: 4 times their withdrawalLimit. */
  cap30d: number | null;
  blockedAddresses: BlockedAddress[];
  /** Approving a withdrawal above this amount needs the password confirmed within the last minutes. */
  stepUpAbove: number;
}

export const RISK_RULES_PATH = 'settings/riskRules';
export const DEFAULT_STEP_UP_ABOVE = 10_000;
export const MAX_BLOCKED_ADDRESSES = 500;
export const ADDRESS_MAX = 200;
export const BLOCK_REASON_MAX = 200;

export const defaultRiskRules: RiskRules = { cap24h: null, cap30d: null, blockedAddresses: [], stepUpAbove: DEFAULT_STEP_UP_ABOVE };

const amountOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_AMOUNT ? fromCents(toCents(value)) : null;

/** An address as it is compared: trimmed, any letter case. */
export const addressKey = (address: string): string => address.trim().toLowerCase();

/** The rules as stored, each field read on its own: a missing or odd value is its default, a malformed address left out. */
export function readRiskRules(data: Record<string, unknown> | null): RiskRules {
  const listed = Array.isArray(data?.blockedAddresses) ? (data.blockedAddresses as unknown[]) : [];
  const blockedAddresses = listed.flatMap((entry): BlockedAddress[] => {
    const e = entry as Record<string, unknown> | null;
    if (!e || typeof e.address !== 'string' || !e.address.trim()) return [];
    return [{ address: e.address.trim(), reason: typeof e.reason === 'string' ? e.reason.trim() : '' }];
  });
  return {
    cap24h: amountOrNull(data?.cap24h),
    cap30d: amountOrNull(data?.cap30d),
    blockedAddresses,
    stepUpAbove: amountOrNull(data?.stepUpAbove) ?? DEFAULT_STEP_UP_ABOVE
  };
}

/** The entry blocking this address (whatever its letter case), or null. */
export function blockedEntry(rules: RiskRules, address: unknown): BlockedAddress | null {
  if (typeof address !== 'string' || !address.trim()) return null;
  const key = addressKey(address);
  return rules.blockedAddresses.find((entry) => addressKey(entry.address) === key) ?? null;
}

/** The caps that hold for one customer: the configured amounts, else their withdrawalLimit and 4 times it (null: no cap). */
export function capsFor(rules: RiskRules, withdrawalLimit: number | null): { h24: number | null; d30: number | null } {
  const limit = withdrawalLimit !== null && Number.isFinite(withdrawalLimit) && withdrawalLimit >= 0 ? toCents(withdrawalLimit) : null;
  return {
    h24: rules.cap24h ?? (limit === null ? null : fromCents(limit)),
    d30: rules.cap30d ?? (limit === null ? null : fromCents(limit * 4))
  };
}

/** Approving this amount (in cents) needs the password confirmed again. */
export const needsStepUp = (rules: RiskRules, amountCents: number): boolean => amountCents > toCents(rules.stepUpAbove);

/** What the screen sends: every field, the caps null for "the customer's limit". */
export type RiskRulesInput = RiskRules;

/** Why these rules cannot be saved, or null: duplicates (any letter case), blanks. */
export function riskRulesProblem(rules: RiskRules): string | null {
  const seen = new Set<string>();
  for (const entry of rules.blockedAddresses) {
    if (!entry.address.trim()) return 'An address is empty.';
    if (!entry.reason.trim()) return `Give the reason ${entry.address.trim()} is blocked.`;
    const key = addressKey(entry.address);
    if (seen.has(key)) return `${entry.address.trim()} is listed twice.`;
    seen.add(key);
  }
  if (rules.cap24h !== null && rules.cap30d !== null && toCents(rules.cap24h) > toCents(rules.cap30d)) {
    return 'The 24-hour cap cannot be above the 30-day cap.';
  }
  return null;
}

const capText = (cap: number | null, fallback: string) => (cap === null ? fallback : formatUsd(cap));

/** Saving the rules: only what changed is written, each change on the audit entry with its old and new value. */
export function changeRiskRules(stored: Record<string, unknown> | null, next: RiskRules): Result<Changeset> {
  const problem = riskRulesProblem(next);
  if (problem) return fail('VALIDATION', problem);
  const current = readRiskRules(stored);
  const clean: RiskRules = {
    cap24h: next.cap24h === null ? null : fromCents(toCents(next.cap24h)),
    cap30d: next.cap30d === null ? null : fromCents(toCents(next.cap30d)),
    stepUpAbove: fromCents(toCents(next.stepUpAbove)),
    blockedAddresses: next.blockedAddresses.map((entry) => ({ address: entry.address.trim(), reason: entry.reason.trim() }))
  };
  const path = RISK_RULES_PATH;
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const said: string[] = [];
  for (const field of ['cap24h', 'cap30d', 'stepUpAbove'] as const) {
    if (current[field] === clean[field]) continue;
    before[`${path}.${field}`] = current[field];
    after[`${path}.${field}`] = clean[field];
  }
  if (current.cap24h !== clean.cap24h) said.push(`24-hour cap ${capText(clean.cap24h, "the customer's limit")}`);
  if (current.cap30d !== clean.cap30d) said.push(`30-day cap ${capText(clean.cap30d, "4 x the customer's limit")}`);
  if (current.stepUpAbove !== clean.stepUpAbove) said.push(`password asked above ${formatUsd(clean.stepUpAbove)}`);
  const keys = (list: BlockedAddress[]) => new Map(list.map((entry) => [addressKey(entry.address), entry]));
  const was = keys(current.blockedAddresses);
  const now = keys(clean.blockedAddresses);
  const added = clean.blockedAddresses.filter((entry) => !was.has(addressKey(entry.address)));
  const removed = current.blockedAddresses.filter((entry) => !now.has(addressKey(entry.address)));
  const reworded = clean.blockedAddresses.filter((entry) => {
    const old = was.get(addressKey(entry.address));
    return old !== undefined && old.reason !== entry.reason;
  });
  if (added.length || removed.length || reworded.length) {
    before[`${path}.blockedAddresses`] = current.blockedAddresses;
    after[`${path}.blockedAddresses`] = clean.blockedAddresses;
  }
  for (const entry of added) said.push(`blocked ${entry.address}`);
  for (const entry of removed) said.push(`unblocked ${entry.address}`);
  for (const entry of reworded) said.push(`new reason for ${entry.address}`);
  if (said.length === 0) return fail('CONFLICT', 'The risk rules already say this.');
  return ok(settingsSaved({ change: { path, set: { ...clean }, replace: true }, action: 'settings.riskRules', what: 'Risk rules', said, before, after }));
}

/** "$500.00", for messages. */
export const capMoney = (cents: number): string => formatUsd(fromCents(cents));
