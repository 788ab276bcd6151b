import { useId } from 'react';
import { platformSettingLabels } from '@shared/domain/platformSettings';
import { PageSection } from '../../../components/PageSection';
import { Card } from '../../../components/ui/Card';
import { Skeleton } from '../../../components/ui/Skeleton';
import { Switch } from '../../../components/ui/Switch';
import { useAskedSetting } from '../../../modules/platform-settings/use-asked-setting';

/**
 * Whether Ledgerdesk pays matured investments on this platform (settings/ledgerdesk,
 * paysMaturedInvestments), with what it means. Turning it on is asked first: from then on, Pay out
 * moves money.
 */
export function PayoutSetting() {
  const id = useId();
  const { settings, current, saving, choose, question, lockedBecause } = useAskedSetting('paysMaturedInvestments', true, {
    title: 'Let Ledgerdesk pay matured investments?',
    description:
      'Pay out will then credit customers with the amount and ROI of each matured investment. Make sure the platform does not also pay them elsewhere, or customers would be paid twice.',
    confirmLabel: 'Turn on payouts'
  });
  const on = current ?? false;

  return (
    <PageSection title="Matured investments" description="Who pays an investment when its plan's duration is over.">
      <Card className="flex items-start justify-between gap-8 px-5 py-4">
        <div className="max-w-3xl space-y-1.5 text-sm">
          <label htmlFor={id} className="font-medium text-slate-900">
            {platformSettingLabels.paysMaturedInvestments}
          </label>
          <p id={`${id}-what`} className="text-slate-600">
            {on
              ? 'On: the Investments screen’s Due tab pays each matured investment once. Its amount plus its ROI goes to the customer’s balance, the ROI to their total earnings, in one audited change, and they get an “Investment Completed” e-mail.'
              : 'Off: the platform pays matured investments elsewhere. Ledgerdesk lists them in the Investments screen’s Due tab but moves no money for them.'}
          </p>
          {settings.isError && <p className="text-rose-700">The setting could not be read. Use Refresh to try again.</p>}
          {lockedBecause && <p className="text-slate-500">{lockedBecause}</p>}
        </div>
        {settings.data ? (
          <Switch id={id} checked={on} disabled={saving || lockedBecause !== null} aria-describedby={`${id}-what`} onCheckedChange={choose} />
        ) : (
          !settings.isError && <Skeleton className="h-5 w-9 rounded-full" />
        )}
      </Card>
      {question}
    </PageSection>
  );
}
