import type { ApprovalRequest } from '@shared/contract';
import { adjustableFields, fieldLabels, formatFieldValue, previewAdjustment, type AdjustableField } from '@shared/domain/users';
import { Fact } from '../../../../components/ui/Fact';
import { Notice } from '../../../../components/ui/Notice';
import { api, call } from '../../../../lib/api';
import { ChangeTable, CustomerFact, FactsSection, Reading, targetId, text, useCurrent } from './parts';

const fieldOf = (value: unknown): AdjustableField | undefined => adjustableFields.find((field) => field === value);

/**
 * A Manage adjustment: the customer, the figure, the amount added or subtracted and the reason, and
 * the figure now against what approving would make it (the same arithmetic as the Manage dialog).
 */
export function AdjustmentRequest({ request }: { request: ApprovalRequest }) {
  const { operation, amount, allowNegative } = request.decision;
  const field = fieldOf(request.decision.field);
  const profile = useCurrent(request, 'profile', () => call(() => api().users.profile({ id: targetId(request) })));
  const sign = operation === 'subtract' ? 'Subtract' : 'Add';
  const moved = typeof amount === 'number' && field ? formatFieldValue(field, amount) : String(amount);
  const customer = profile.data;
  const figures =
    field && customer
      ? previewAdjustment(customer[field], { field, operation: operation === 'subtract' ? 'subtract' : 'add', amount: amount as number })
      : null;
  return (
    <div className="space-y-3">
      <FactsSection title="Adjustment" columns="grid-cols-1 sm:grid-cols-4">
        <CustomerFact customer={customer} fallback={targetId(request)} valueClassName="text-sm text-slate-900" />
        <Fact label="Figure">{field ? fieldLabels[field] : String(request.decision.field)}</Fact>
        <Fact label={sign} valueClassName="text-sm font-medium text-slate-900 tabular-nums">
          {moved}
        </Fact>
        <Fact label="Reason">{text(request.decision.reason) ?? '—'}</Fact>
      </FactsSection>
      {!customer ? (
        <Reading query={profile} label="the customer's figures" />
      ) : !figures || !field ? (
        <Notice tone="error">This request names no figure Ledgerdesk adjusts.</Notice>
      ) : !figures.ok ? (
        <Notice tone="error">
          <p className="font-medium">Approving would not apply now.</p>
          <p>{figures.error.message}</p>
        </Notice>
      ) : (
        <>
          <ChangeTable
            title="What approving changes"
            rows={[
              {
                label: fieldLabels[field],
                now: formatFieldValue(field, figures.value.before),
                after: formatFieldValue(field, figures.value.after),
                changed: true
              }
            ]}
          />
          {figures.value.negative && (
            <Notice tone={allowNegative === true ? 'warning' : 'error'}>
              {fieldLabels[field]} would go below zero ({formatFieldValue(field, figures.value.after)})
              {allowNegative === true
                ? '; the administrator who asked confirmed it.'
                : ', which the administrator who asked did not confirm: it would not apply.'}
            </Notice>
          )}
        </>
      )}
    </div>
  );
}
