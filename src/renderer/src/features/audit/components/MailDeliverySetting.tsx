import { useId } from 'react';
import { platformSettingLabels, type MailDelivery } from '@shared/domain/platformSettings';
import { Card } from '../../../components/ui/Card';
import { SelectField } from '../../../components/ui/SelectField';
import { Skeleton } from '../../../components/ui/Skeleton';
import { useAskedSetting } from '../../../modules/platform-settings/use-asked-setting';

const options: { value: MailDelivery; label: string }[] = [
  { value: 'desktop', label: 'This desktop' },
  { value: 'server', label: 'The server (Ledgerdesk’s functions)' }
];

const meaning: Record<MailDelivery, string> = {
  desktop: 'A running Ledgerdesk sends queued e-mails through the backend host. While no Ledgerdesk is open, they wait in the queue.',
  server: 'Ledgerdesk’s functions send each e-mail as it is queued, with no desktop open, and retry failures on their own.'
};

/**
 * Who delivers the queue (settings/ledgerdesk.mailDelivery). The queue below looks the same whoever
 * delivers it. Handing it to the server is asked first: if the functions are not deployed, nobody sends.
 */
export function MailDeliverySetting() {
  const id = useId();
  const { settings, current, choose, question, lockedBecause } = useAskedSetting('mailDelivery', 'server', {
    title: 'Let the server deliver e-mails?',
    description:
      'From now on this desktop stops sending, and Ledgerdesk’s functions send every queued e-mail. Do this only once the functions are deployed to your Firebase project (see the deployment guide), or no e-mail will leave.',
    confirmLabel: 'The server delivers'
  });

  return (
    <Card className="flex flex-wrap items-center justify-between gap-x-8 gap-y-3 px-5 py-4">
      <p id={`${id}-what`} className="min-w-72 flex-1 text-sm text-slate-600">
        {current ? meaning[current] : settings.isError ? 'Who delivers the e-mails could not be read. Use Refresh to try again.' : null}
      </p>
      {current ? (
        <SelectField
          label={platformSettingLabels.mailDelivery}
          value={current}
          options={options}
          onChange={(value) => choose(value === 'server' ? 'server' : 'desktop')}
          disabled={lockedBecause !== null}
          title={lockedBecause ?? undefined}
        />
      ) : (
        !settings.isError && <Skeleton className="h-9 w-72" />
      )}
      {question}
    </Card>
  );
}
