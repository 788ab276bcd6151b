import { useState } from 'react';
import type { RiskRulesValue } from '@shared/contract';
import { DEFAULT_STEP_UP_ABOVE } from '@shared/domain/riskRules';
import { Field } from '../../components/form/Field';
import { StoredFormPage } from '../../components/StoredFormPage';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { DollarInput } from '../../components/ui/Input';
import { Skeleton } from '../../components/ui/Skeleton';
import { formatMoney } from '../../lib/format';
import { storedRiskRules } from './api/risk-rules';
import { BlockedAddresses } from './components/BlockedAddresses';
import { draftOf, rulesOf, sameRules, type RulesDraft } from './rules-draft';
import { useWhyNot } from '../../lib/role';

function AmountField({
  label,
  hint,
  value,
  error,
  disabled,
  onChange
}: {
  label: string;
  hint: string;
  value: string;
  error?: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => <DollarInput {...control} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)} />}
    </Field>
  );
}

/** The rules as stored, edited; Save sends them whole (audited, the password asked again past the step-up window). */
function RulesForm({ stored }: { stored: RiskRulesValue }) {
  const save = storedRiskRules.useSave();
  // Risk rules are configuration (admin and owner): other roles read them, with no Save.
  const whyNot = useWhyNot('configure');
  const [draft, setDraft] = useState<RulesDraft>(() => draftOf(stored));
  const [tried, setTried] = useState(false);
  const { rules, problems } = rulesOf(draft);
  const changed = rules === null || !sameRules(rules, stored);
  const shown = tried ? problems : {};
  const set = (patch: Partial<RulesDraft>) => setDraft((now) => ({ ...now, ...patch }));
  const busy = save.isPending;
  const locked = busy || whyNot !== null;
  /** An amount field's value, error and state, bound to its place in the draft. */
  const amount = (name: 'cap24h' | 'cap30d' | 'stepUpAbove') => ({
    value: draft[name],
    error: shown[name],
    disabled: locked,
    onChange: (value: string) => setDraft((now) => ({ ...now, [name]: value }))
  });
  const submit = () => {
    setTried(true);
    if (rules && changed && !whyNot) save.mutate(rules);
  };

  return (
    <div className="space-y-6">
      <Card className="space-y-5 px-5 py-5">
        <div>
          <h2 className="text-sm font-semibold text-slate-900">Withdrawal caps per customer</h2>
          <p className="mt-0.5 text-sm text-slate-500">
            A withdrawal's facts warn when the customer's pending and approved withdrawals of the last 24 hours or 30 days, that one included, are above the
            cap. Warnings never block; the decision records them.
          </p>
        </div>
        <div className="grid gap-5 md:grid-cols-2">
          <AmountField label="24-hour cap" hint="Empty: each customer's own withdrawal limit." {...amount('cap24h')} />
          <AmountField label="30-day cap" hint="Empty: 4 times each customer's withdrawal limit." {...amount('cap30d')} />
        </div>
      </Card>
      <Card className="space-y-4 px-5 py-5">
        <div>
          <h2 className="text-sm font-semibold text-slate-900">Password asked again</h2>
          <p className="mt-0.5 text-sm text-slate-500">
            Approving a withdrawal above this amount needs your password confirmed within the last 5 minutes, as saving wallet addresses, deleting or suspending
            a customer and changing these rules always do.
          </p>
        </div>
        <AmountField label="Approvals above" hint={`Default ${formatMoney(DEFAULT_STEP_UP_ABOVE)}.`} {...amount('stepUpAbove')} />
      </Card>
      <BlockedAddresses
        entries={draft.blockedAddresses}
        onChange={(blockedAddresses) => set({ blockedAddresses })}
        problem={shown.blockedAddresses}
        disabled={locked}
      />
      {whyNot ? (
        <p className="text-sm text-slate-500">{whyNot}</p>
      ) : (
        <div className="flex flex-wrap items-center justify-end gap-3">
          {changed && <p className="mr-auto text-sm text-slate-600">Unsaved changes. Saving is recorded in the audit log.</p>}
          <Button variant="secondary" disabled={!changed || busy} onClick={() => setDraft(draftOf(stored))}>
            Discard changes
          </Button>
          <Button busy={busy} disabled={!changed} onClick={submit}>
            Save risk rules
          </Button>
        </div>
      )}
    </div>
  );
}

function FormSkeleton() {
  return (
    <div aria-hidden className="space-y-6">
      {['h-40', 'h-32', 'h-48'].map((height) => (
        <Skeleton key={height} className={`${height} w-full rounded-xl`} />
      ))}
    </div>
  );
}

/** /risk-rules: monitoring across a customer's requests (docs/product-rules.md §5.8). */
export function RiskRulesPage() {
  return (
    <StoredFormPage
      title="Risk rules"
      description="What Ledgerdesk watches across a customer's withdrawals, the addresses no payout goes to, and when approving asks for your password again."
      note="These rules apply to every withdrawal decision from the moment they are saved, in bulk runs too."
      setting={storedRiskRules}
      skeleton={<FormSkeleton />}
    >
      {(stored) => <RulesForm stored={stored} />}
    </StoredFormPage>
  );
}
