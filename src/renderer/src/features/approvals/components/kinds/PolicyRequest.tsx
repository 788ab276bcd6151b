import { approvalAmountFields, approvalPolicyLabels, type ApprovalPolicy } from '@shared/domain/approvals';
import { api, call } from '../../../../lib/api';
import { formatMoney } from '../../../../lib/format';
import { record, same, storedChange, type ChangeRow } from './parts';

const isAmount = (field: string) => (approvalAmountFields as readonly string[]).includes(field);

/** A rule's value in the owner's words: an amount or "Never" for the thresholds, On or Off for the switches. */
function ruleValue(field: string, value: unknown): string {
  if (isAmount(field)) return typeof value === 'number' ? `${formatMoney(value)} or more` : 'Never';
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  return value === undefined || value === null ? 'Off' : JSON.stringify(value);
}

const otherValue = (value: unknown): string => (value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/** Each rule the change sets, now against after approval, then any other platform setting saved with it. */
function policyRows(stored: Record<string, unknown>, changes: Record<string, unknown>): ChangeRow[] {
  const policyNow = record(stored.approvals);
  const policyAfter = record(changes.approvals);
  return [
    ...Object.keys(policyAfter).map((field) => ({
      label: approvalPolicyLabels[field as keyof ApprovalPolicy] ?? field,
      now: ruleValue(field, policyNow[field]),
      after: ruleValue(field, policyAfter[field]),
      changed: !same(policyNow[field] ?? null, policyAfter[field] ?? null)
    })),
    // Any other platform setting saved with it.
    ...Object.keys(changes)
      .filter((field) => field !== 'approvals')
      .map((field) => ({ label: field, now: otherValue(stored[field]), after: otherValue(changes[field]), changed: !same(stored[field], changes[field]) }))
  ];
}

/** A change to the approval policy (settings/ledgerdesk.approvals): each rule it sets, now against after approval. */
export const PolicyRequest = storedChange({
  title: 'Approval policy',
  read: () => call(() => api().platformSettings.get({})),
  rows: (stored, decision) => policyRows(record(stored), record(decision.changes))
});
