import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { platformSettingLabels } from '@shared/domain/platformSettings';
import { Card } from '../../components/ui/Card';
import { SelectField } from '../../components/ui/SelectField';
import { Skeleton } from '../../components/ui/Skeleton';
import { platformSettingsQuery, useSavePlatformSettings } from '../../lib/platform-settings';
import { useWhyNot } from '../../lib/role';

const NONE = 'none';
const hours = [
  { value: NONE, label: 'No nightly run' },
  ...Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: `${String(hour).padStart(2, '0')}:00 UTC` }))
];

/**
 * The hour Ledgerdesk's functions start the nightly run (settings/ledgerdesk.reconciliationHour), with
 * no desktop open. Without deployed functions nothing runs at night; Start still works here.
 */
export function NightlySetting() {
  const id = useId();
  const settings = useQuery(platformSettingsQuery);
  const save = useSavePlatformSettings();
  // A platform setting: an owner's to change (govern); other roles see the hour.
  const lockedBecause = useWhyNot('govern');
  const hour = settings.data?.reconciliationHour;
  return (
    <Card className="flex flex-wrap items-center justify-between gap-x-8 gap-y-3 px-5 py-4">
      <p id={`${id}-what`} className="min-w-72 flex-1 text-sm text-slate-600">
        {settings.isError
          ? 'The nightly hour could not be read. Use Refresh to try again.'
          : 'Where Ledgerdesk’s functions are deployed, they start a run every night at this hour, with no desktop open, and its drifted customers show on the dashboard in the morning.'}
      </p>
      {settings.data ? (
        <SelectField
          label={platformSettingLabels.reconciliationHour}
          value={hour === null || hour === undefined ? NONE : String(hour)}
          options={hours}
          onChange={(value) => save.mutate({ reconciliationHour: value === NONE ? null : Number(value) })}
          disabled={lockedBecause !== null}
          title={lockedBecause ?? undefined}
        />
      ) : (
        !settings.isError && <Skeleton className="h-9 w-64" />
      )}
    </Card>
  );
}
