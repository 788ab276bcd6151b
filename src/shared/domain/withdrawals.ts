import type { ApprovalPolicy } from './approvals';
import { fail, ok, type Result } from '../result';
import { fromCustomer, statusChangeset, userEmail, userName, textOr, type Changeset, type DocSnapshot } from './changeset';
import { millisOf, timeIn } from './dates';
import { withdrawalProcessedEmail, withdrawalRejectedEmail } from './emails';
import { checkResult, formatUsd, fromCents, readAmount, readTotal } from './money';
import { blockedEntry, defaultRiskRules, type RiskRules } from './riskRules';
import { withdrawalLock, type WithdrawalStatus } from './statuses';
import { chainEvidence, type Evidence, type EvidenceRead } from './txid';
import { suspensionOf } from './suspension';

export interface WithdrawalChangeInput {
  withdrawal: DocSnapshot;
  /** null when users/{withdrawal.userId} does not exist. */
  withdrawer: DocSnapshot | null;
  platformName: string;
  /** The platform's zone (settings/ledgerdesk.timeZone): the e-mail writes when the withdrawal was asked for in it; UTC when not given. */
  timeZone?: string;
  /** The administrator's reason; a rejection's e-mail gives it (the spec's sentence when none or the default). */
  reason?: string | null;
  /** The chain transaction that paid it out, its guard and the platform's settings (approval only). */
  evidence?: EvidenceRead;
  /** settings/riskRules, read in the same transaction (approval only): its blocked addresses need an override. */
  riskRules?: RiskRules;
  /** settings/ledgerdesk.approvals, read in the same transaction (approval only): a large withdrawal needs a second administrator. */
  approvalPolicy?: ApprovalPolicy;
  /** Why the administrator approves despite a suspended customer or a blocked address (5 to 500 characters), stored on the audit entry. */
  overrideReason?: string | null;
}

const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/**
 * What approving this withdrawal would override, one sentence each (docs/product-rules.md §5.8): the
 * customer is suspended, the address is blocked (whatever its letter case). Empty: nothing to override.
 */
export function approvalOverrides(input: Pick<WithdrawalChangeInput, 'withdrawal' | 'withdrawer' | 'riskRules'>): string[] {
  const overrides: string[] = [];
  const suspension = suspensionOf(input.withdrawer?.data);
  if (suspension && input.withdrawer) overrides.push(sentence(`${userName(input.withdrawer)} is suspended: ${suspension.reason}`));
  const blocked = blockedEntry(input.riskRules ?? defaultRiskRules, input.withdrawal.data.walletAddress);
  if (blocked) overrides.push(sentence(`The address ${blocked.address} is blocked: ${blocked.reason || 'no reason given'}`));
  return overrides;
}

/** The refusal of an approval that needs an override; bulk runs show it as the reason a record was left out. */
export const overrideNeeded = (overrides: readonly string[]): string =>
  `Approving this withdrawal needs an override reason. ${overrides.join(' ')} Approve it on its own and give the reason.`;

const WITHDRAWAL_APPROVED_MESSAGE = 'Withdrawal approved successfully!';
const WITHDRAWAL_REJECTED_MESSAGE = 'Withdrawal rejected, amount added back to user balance.';

/**
 * The spelling of the withdrawals total that the platform's own code increments. Ledgerdesk's
 * screens read Totalwithdrawal; where a customer document already carries a numeric
 * Totalwithdrawals, approval adds the same amount to it, so a customer app reading either stays right.
 */
const PLATFORM_TOTAL = 'Totalwithdrawals';

/**
 * The withdrawal status machine. Approved and rejected are both final: approval adds to
 * Totalwithdrawal (and to Totalwithdrawals where that is a number), rejection returns the amount to
 * the balance, and neither can happen twice.
 */
export function changeWithdrawalStatus(input: WithdrawalChangeInput, to: WithdrawalStatus): Result<Changeset> {
  const { withdrawal, platformName } = input;
  const started = statusChangeset('withdrawal', withdrawal, to, fromCustomer(withdrawal, 'email'), withdrawalLock(withdrawal.data.status));
  if (!started.ok) return started;
  const { from, path, changeset: base } = started.value;
  if (to === 'pending') return ok(base);
  const audit = base.audit;

  const overrides = to === 'approved' ? approvalOverrides(input) : [];
  const overrideReason = input.overrideReason?.trim() || null;
  if (overrides.length > 0 && !overrideReason) return fail('CONFLICT', overrideNeeded(overrides));
  if (overrides.length > 0 && overrideReason) {
    audit.overrideReason = overrideReason;
    audit.notes.push(`Approved with an override: ${overrides.join(' ')}`);
  }

  const amount = readAmount(withdrawal.data.amount, 'The withdrawal amount');
  if (!amount.ok) return amount;
  const withdrawer = input.withdrawer;
  if (!withdrawer) {
    return fail('NOT_FOUND', `The customer who asked for this withdrawal (users/${textOr(withdrawal.data.userId, '?')}) does not exist.`);
  }
  const field = to === 'approved' ? 'Totalwithdrawal' : 'balance';
  const totalBefore = readTotal(withdrawer.data[field], `The customer's ${field}`);
  if (!totalBefore.ok) return totalBefore;

  const name = userName(withdrawer);
  const userPath = `users/${withdrawer.id}`;
  const totalAfter = totalBefore.value + amount.value;
  const totalChecked = checkResult(totalAfter, `The customer's ${field}`);
  if (!totalChecked.ok) return totalChecked;
  const amountText = formatUsd(fromCents(amount.value));
  const method = textOr(withdrawal.data.cryptoType, 'Not stated');
  const noEvidence: Evidence = { txid: null, coin: null, link: null, changes: [], notes: [] };
  const evidence =
    to === 'approved'
      ? chainEvidence('withdrawal', withdrawal, withdrawal.data.cryptoType, input.evidence ?? {}, {
          email: userEmail(withdrawer, withdrawal.data.email),
          amount: amountText
        })
      : ({ ok: true, value: noEvidence } as const);
  if (!evidence.ok) return evidence;
  const { txid, link } = evidence.value;
  if (txid) {
    audit.txid = txid;
    audit.after[`${path}.txid`] = txid;
  }
  audit.notes.push(...evidence.value.notes);
  audit.summary = `Withdrawal of ${amountText} ${fromCustomer(withdrawal, 'email')}: ${from || 'no status'} -> ${to}`;
  // The daily snapshot's flows: an approval pays the amount out (a rejection returns it to the balance, moving nothing out).
  if (to === 'approved') audit.flows = { approvedWithdrawals: amount.value };
  audit.before[`${userPath}.${field}`] = fromCents(totalBefore.value);
  audit.after[`${userPath}.${field}`] = fromCents(totalAfter);
  const userSet: Record<string, unknown> = { [field]: fromCents(totalAfter) };
  const effects = [
    {
      key: `${userPath}.${field}`,
      label: to === 'approved' ? `Total withdrawal of ${name}` : `Balance of ${name} (refund)`,
      before: fromCents(totalBefore.value),
      after: fromCents(totalAfter)
    }
  ];

  const platformTotal = withdrawer.data[PLATFORM_TOTAL];
  if (to === 'approved' && typeof platformTotal === 'number') {
    const platformBefore = readTotal(platformTotal, `The customer's ${PLATFORM_TOTAL}`);
    if (!platformBefore.ok) return platformBefore;
    const platformAfter = checkResult(platformBefore.value + amount.value, `The customer's ${PLATFORM_TOTAL}`);
    if (!platformAfter.ok) return platformAfter;
    userSet[PLATFORM_TOTAL] = fromCents(platformAfter.value);
    audit.before[`${userPath}.${PLATFORM_TOTAL}`] = fromCents(platformBefore.value);
    audit.after[`${userPath}.${PLATFORM_TOTAL}`] = fromCents(platformAfter.value);
    effects.push({
      key: `${userPath}.${PLATFORM_TOTAL}`,
      label: `Total withdrawals (platform spelling) of ${name}`,
      before: fromCents(platformBefore.value),
      after: fromCents(platformAfter.value)
    });
  } else if (to === 'approved' && platformTotal !== undefined && platformTotal !== null) {
    audit.notes.push(`The customer's ${PLATFORM_TOTAL} is not a number (${JSON.stringify(platformTotal) ?? String(platformTotal)}), so it was left as it is.`);
  }

  const email = userEmail(withdrawer, withdrawal.data.email);
  const recipient = email ? { email, name } : null;
  if (!recipient) audit.notes.push('The customer has no e-mail address on file, so no e-mail was sent.');
  const requestedAt = millisOf(withdrawal.data.createdAt);
  const requested = requestedAt === null ? null : timeIn(requestedAt, input.timeZone ?? 'UTC');
  const emails = !recipient
    ? []
    : to === 'approved'
      ? [
          withdrawalProcessedEmail(platformName, recipient, path, {
            amount: amountText,
            method,
            walletAddress: textOr(withdrawal.data.walletAddress, 'Not stated'),
            txid,
            link,
            requested
          })
        ]
      : [withdrawalRejectedEmail(platformName, recipient, path, { amount: amountText, method, reason: input.reason ?? null, requested })];

  const status = txid ? [{ path, set: { ...base.changes[0]!.set, txid } }, ...evidence.value.changes] : base.changes;
  return ok({
    changes: [...status, { path: userPath, set: userSet }],
    audit,
    emails,
    effects,
    message: to === 'approved' ? WITHDRAWAL_APPROVED_MESSAGE : WITHDRAWAL_REJECTED_MESSAGE
  });
}
