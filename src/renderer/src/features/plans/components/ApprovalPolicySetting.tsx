import { useEffect, useId, useState } from 'react';
import {
  approvalAmountFields,
  approvalPolicyLabels,
  approvalSwitchFields,
  loosenedRules,
  type ApprovalAmountField,
  type ApprovalPolicy,
  type ApprovalSwitchField
} from '@shared/domain/approvals';
import { Field } from '../../../components/form/Field';
import { PageSection } from '../../../components/PageSection';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { DollarInput } from '../../../components/ui/Input';
import { Skeleton } from '../../../components/ui/Skeleton';
import { Switch } from '../../../components/ui/Switch';
import { usePlatformSettingsControl } from '../../../lib/platform-settings';
import { parseAmount } from '../../../modules/customers/amount';

/** One line under each rule: what it covers, in the owner's words. */
export const approvalPolicyHints: Record<keyof ApprovalPolicy, string> = {
  withdrawalAtLeast: 'Approving one withdrawal of at least this amount. Empty: never.',
  withdrawalsIn24hAtLeast: "Approving a withdrawal that takes the customer's approved withdrawals of the last 24 hours to at least this amount. Empty: never.",
  adjustmentAtLeast: "A Manage credit or debit of at least this amount on a customer's figure. Empty: never.",
  payoutOverride: 'A payout made with an override reason: paid again, off its plan’s terms, or to a suspended customer.',
  customerDeletion: 'Deleting a customer (their record is archived, their sign-in removed).',
  walletChanges: 'Saving the receiving wallet addresses, where every deposit goes.',
  riskRuleChanges: 'Saving the risk rules: the caps, the blocked addresses and when the password is asked.',
  teamChanges: 'Inviting a member, changing a role or disabling an account.'
};

type Draft = Record<ApprovalAmountField, string> & Record<ApprovalSwitchField, boolean>;

const draftOf = (policy: ApprovalPolicy): Draft =>
  ({
    ...Object.fromEntries(approvalAmountFields.map((field) => [field, policy[field] === null ? '' : String(policy[field])])),
    ...Object.fromEntries(approvalSwitchFields.map((field) => [field, policy[field]]))
  }) as Draft;

/** The rules the draft changes (only those), or what is wrong with an amount, rule by rule. */
export function policyChanges(
  draft: Draft,
  stored: ApprovalPolicy
): { changes: Partial<ApprovalPolicy>; problems: Partial<Record<ApprovalAmountField, string>> } {
  const changes: Partial<ApprovalPolicy> = {};
  const problems: Partial<Record<ApprovalAmountField, string>> = {};
  for (const field of approvalAmountFields) {
    const text = draft[field].trim();
    const parsed = text === '' ? ({ ok: true, value: null } as const) : parseAmount(text);
    if (!parsed.ok) problems[field] = parsed.message;
    else if (parsed.value !== null && parsed.value <= 0) problems[field] = 'Enter an amount above $0.00, or leave it empty for none.';
    else if (parsed.value !== stored[field]) changes[field] = parsed.value;
  }
  for (const field of approvalSwitchFields) if (draft[field] !== stored[field]) changes[field] = draft[field];
  return { changes, problems };
}

/**
 * Dual control's policy (settings/ledgerdesk.approvals, docs/product-rules.md §15): which decisions
 * need a second administrator. Three amounts (empty: off) and five switches; the owner's to change.
 * Loosening a rule of an active policy is itself sent for another owner's approval.
 */
export function ApprovalPolicySetting() {
  const id = useId();
  const { settings, save, lockedBecause } = usePlatformSettingsControl();
  const stored = settings.data?.approvals;
  const [draft, setDraft] = useState<Draft | null>(null);
  const [tried, setTried] = useState(false);
  // A new stored policy (saved here or elsewhere) is shown as it is now.
  useEffect(() => {
    if (stored) setDraft(draftOf(stored));
  }, [stored]);

  const locked = save.isPending || lockedBecause !== null;
  const checked = draft && stored ? policyChanges(draft, stored) : null;
  // An amount that is not one yet counts as a change: Save then says what is wrong with it.
  const changed = checked !== null && Object.keys(checked.changes).length + Object.keys(checked.problems).length > 0;
  const loosens = checked && stored ? loosenedRules(stored, checked.changes).length > 0 : false;
  const problems = tried && checked ? checked.problems : {};
  const submit = () => {
    setTried(true);
    if (!checked || Object.keys(checked.problems).length > 0 || !changed || lockedBecause) return;
    save.mutate({ approvals: checked.changes });
  };

  return (
    <PageSection
      title="Approval policy"
      description="The decisions another administrator must approve before they apply. Tightening applies at once; loosening a rule is itself sent for approval."
    >
      <Card className="space-y-5 px-5 py-5">
        {settings.isError && <p className="text-sm text-rose-700">The approval policy could not be read. Use Refresh to try again.</p>}
        {!draft ? (
          !settings.isError && <Skeleton className="h-64 w-full" />
        ) : (
          <form
            className="space-y-5"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <div className="grid gap-5 md:grid-cols-3">
              {approvalAmountFields.map((field) => (
                <Field key={field} label={approvalPolicyLabels[field]} hint={approvalPolicyHints[field]} error={problems[field]}>
                  {(control) => (
                    <DollarInput
                      {...control}
                      name={field}
                      placeholder="None"
                      value={draft[field]}
                      disabled={locked}
                      onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
                    />
                  )}
                </Field>
              ))}
            </div>
            <ul className="divide-y divide-slate-100 border-t border-slate-100">
              {approvalSwitchFields.map((field) => (
                <li key={field} className="flex items-start justify-between gap-8 py-3">
                  <div className="space-y-0.5 text-sm">
                    <label htmlFor={`${id}-${field}`} className="font-medium text-slate-900">
                      {approvalPolicyLabels[field]}
                    </label>
                    <p id={`${id}-${field}-hint`} className="text-slate-600">
                      {approvalPolicyHints[field]}
                    </p>
                  </div>
                  <Switch
                    id={`${id}-${field}`}
                    checked={draft[field]}
                    disabled={locked}
                    aria-describedby={`${id}-${field}-hint`}
                    onCheckedChange={(on) => setDraft({ ...draft, [field]: on })}
                  />
                </li>
              ))}
            </ul>
            {lockedBecause ? (
              <p className="text-sm text-slate-500">{lockedBecause}</p>
            ) : (
              <div className="flex flex-wrap items-center justify-end gap-3">
                {changed && (
                  <p className="mr-auto text-sm text-slate-600">
                    {loosens
                      ? 'This loosens the policy: saving sends it to another owner for approval, and nothing changes until they approve.'
                      : 'Unsaved changes. Saving applies them at once and records them in the audit log.'}
                  </p>
                )}
                <Button type="button" variant="secondary" disabled={!changed || save.isPending} onClick={() => stored && setDraft(draftOf(stored))}>
                  Discard changes
                </Button>
                <Button type="submit" busy={save.isPending} disabled={!changed}>
                  {loosens ? 'Send for approval' : 'Save policy'}
                </Button>
              </div>
            )}
          </form>
        )}
      </Card>
    </PageSection>
  );
}
