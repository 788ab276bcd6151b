import { Layers } from 'lucide-react';
import type { Plans } from '@shared/contract';
import { PageSection } from '../../components/PageSection';
import { QueryPageHeader } from '../../components/QueryPageHeader';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { HiddenHeader } from '../../components/ui/HiddenHeader';
import { Fact } from '../../components/ui/Fact';
import { QueryErrorState } from '../../components/QueryErrorState';
import { Skeleton } from '../../components/ui/Skeleton';
import { formatMoney, MISSING, plural } from '../../lib/format';
import { storedPlans } from './api/plans';
import { PlanRow } from './components/PlanRow';
import { PayoutSetting } from './components/PayoutSetting';
import { ApprovalPolicySetting } from './components/ApprovalPolicySetting';
import { planFields } from './plan-draft';

const columnWidths = ['w-auto', 'w-40', 'w-40', 'w-32', 'w-40', 'w-44'];

function PlansTable({ plans }: { plans: Plans['plans'] | undefined }) {
  return (
    <table className="w-full table-fixed text-sm">
      <caption className="sr-only">Investment plans</caption>
      <colgroup>
        {columnWidths.map((width, i) => (
          <col key={i} className={width} />
        ))}
      </colgroup>
      <thead className="border-b border-slate-200 bg-slate-50/80">
        <tr>
          {planFields.map(({ field, label }) => (
            <th
              key={field}
              scope="col"
              className="px-3 py-2.5 text-left text-xs font-medium tracking-wide text-slate-500 uppercase first:pl-5 [&:not(:first-child)]:text-right"
            >
              {label}
            </th>
          ))}
          <HiddenHeader label="Actions" className="py-2.5 pr-5 pl-3 text-right text-xs font-medium tracking-wide text-slate-500 uppercase" />
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {plans
          ? plans.map((plan) => (
              // A new key when the stored plan changes: the row starts again from what was saved.
              <PlanRow key={`${plan.id}:${plan.name}:${plan.min}:${plan.max}:${plan.roi}:${plan.duration}`} plan={plan} />
            ))
          : Array.from({ length: 4 }, (_, i) => (
              <tr key={i} aria-hidden>
                {columnWidths.map((_, j) => (
                  <td key={j} className="px-3 py-3 first:pl-5 last:pr-5">
                    <Skeleton className="h-10 w-full" />
                  </td>
                ))}
              </tr>
            ))}
      </tbody>
    </table>
  );
}

const label = 'text-xs font-medium text-slate-500';
const figure = 'mt-0.5 text-lg font-semibold text-slate-900 tabular-nums';

function CompoundingPlan({ plan }: { plan: Plans['compoundingPlan'] }) {
  return (
    <PageSection title="Compounding plan" description="For reference: it is not edited here.">
      <Card className="px-5 py-4">
        {plan ? (
          <dl className="flex flex-wrap gap-x-12 gap-y-3">
            <Fact label="Amount" labelClassName={label} valueClassName={figure}>
              {formatMoney(plan.amount)}
            </Fact>
            <Fact label="Duration" labelClassName={label} valueClassName={figure}>
              {plan.duration === null ? MISSING : plural(plan.duration, 'day')}
            </Fact>
          </dl>
        ) : (
          <p className="text-sm text-slate-500">No compounding plan is set.</p>
        )}
      </Card>
    </PageSection>
  );
}

export function PlansPage() {
  const plans = storedPlans.useStored();
  const data = plans.data;

  let content;
  if (plans.isError && !data) {
    content = <QueryErrorState card title={storedPlans.loadFailed} query={plans} />;
  } else if (data && data.plans.length === 0) {
    content = (
      <Card>
        <EmptyState icon={Layers} title="No plans found" description="Plans added to the platform appear here to edit." />
      </Card>
    );
  } else {
    content = (
      <Card className="overflow-hidden">
        <PlansTable plans={data?.plans} />
        <p className="border-t border-slate-200 px-5 py-3 text-xs text-slate-500">
          Press Enter in a field to update its plan, Escape to discard the row's changes. Min and Max are in dollars.
        </p>
      </Card>
    );
  }

  return (
    <div className="space-y-8">
      <QueryPageHeader
        title="Manage Investment Plans"
        description="Edit each plan's name, minimum and maximum amount, ROI and duration in days, and say who pays matured investments."
        query={plans}
      />
      {content}
      <PayoutSetting />
      <ApprovalPolicySetting />
      {data && <CompoundingPlan plan={data.compoundingPlan} />}
    </div>
  );
}
