import type { ApprovalRequest } from '@shared/contract';
import { approvalAmountFields, approvalPolicyLabels, type ApprovalPolicy } from '@shared/domain/approvals';
import { api, call } from '../../../../lib/api';
import { formatMoney } from '../../../../lib/format';
import { ChangeTable, Reading, record, same, useCurrent } from './parts';

const isAmount = (field: string) => (approvalAmountFields as readonly string[]).includes(field);

/** A rule's value in the owner's words: an amount or "Never" for the thresholds, On or Off for the switches. */
function ruleValue(field: string, value: unknown): string {
  if (isAmount(field)) return typeof value === 'number' ? `${formatMoney(value)} or more` : 'Never';
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  return value === undefined || value === null ? 'Off' : JSON.stringify(value);
}

const otherValue = (value: unknown): string => (value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/** A change to the approval policy (settings/ledgerdesk.approvals): each rule it sets, now against after approval. */
export function PolicyRequest({ request }: { request: ApprovalRequest }) {
  const current = useCurrent(request, 'platformSettings', () => call(() => api().platformSettings.get({})));
  const changes = record(request.decision.changes);
  if (!current.data) return <Reading query={current} label="the approval policy saved now" />;
  const stored = record(current.data);
  const policyNow = record(stored.approvals);
  const policyAfter = record(changes.approvals);
  const rows = [
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
  return <ChangeTable title="Approval policy" rows={rows} />;
}
