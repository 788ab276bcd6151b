import { platformSettingLabels, weekdayNames } from '@shared/domain/platformSettings';
import { Card } from '../../components/ui/Card';
import { SelectField } from '../../components/ui/SelectField';
import { Skeleton } from '../../components/ui/Skeleton';
import { usePlatformSettingsControl } from '../../lib/platform-settings';

const NONE = 'none';
const hours = [
  { value: NONE, label: 'No nightly run' },
  ...Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: `${String(hour).padStart(2, '0')}:00 UTC` }))
];
const weekdays = [{ value: NONE, label: 'Off' }, ...weekdayNames.map((name, day) => ({ value: String(day), label: `${name}s` }))];

/** The two choices, in order: the hour the nights start, the weekday whose night checks every customer. */
const choices = [
  { setting: 'reconciliationHour', options: hours },
  { setting: 'reconciliationFullRunWeekday', options: weekdays }
] as const;

const asOption = (value: number | null | undefined) => (value === null || value === undefined ? NONE : String(value));
const asValue = (option: string) => (option === NONE ? null : Number(option));

/** What the nights check, in words, for the hour and the weekday chosen (docs/product-rules.md §16.5). */
function nightsSaid(hour: number | null, weekday: number | null): string {
  if (hour === null) {
    return `There is no nightly run, so nothing is checked at night${weekday === null ? '' : ', and the weekly full check waits for an hour'}. Start a run checks every customer when you ask.`;
  }
  const full = weekday === null ? 'there is no weekly full check' : `on ${weekdayNames[weekday]}s (UTC), every customer instead`;
  return `Where Ledgerdesk’s functions are deployed, they check at this hour with no desktop open: every night, the customers whose money changed and a rolling 30th of all customers; ${full}. Drifted customers show on the dashboard in the morning.`;
}

/**
 * The nights of Ledgerdesk's functions, with no desktop open: the hour they start
 * (settings/ledgerdesk.reconciliationHour) and the weekday whose night is the full run over every
 * customer (reconciliationFullRunWeekday, nightlyCheck.ts); the other nights check the changed
 * customers. Without deployed functions nothing runs at night; Start still works here.
 */
export function NightlySetting() {
  const { settings, save, lockedBecause } = usePlatformSettingsControl();
  const locked = { disabled: lockedBecause !== null, title: lockedBecause ?? undefined };
  const hour = settings.data?.reconciliationHour ?? null;
  const weekday = settings.data?.reconciliationFullRunWeekday ?? null;
  return (
    <Card className="flex flex-wrap items-center justify-between gap-x-8 gap-y-3 px-5 py-4">
      <p className="min-w-72 flex-1 text-sm text-slate-600">
        {settings.isError ? 'The nightly settings could not be read. Use Refresh to try again.' : settings.data ? nightsSaid(hour, weekday) : null}
      </p>
      {settings.data ? (
        <div className="flex flex-col items-end gap-2">
          {choices.map(({ setting, options }) => (
            <SelectField
              key={setting}
              label={platformSettingLabels[setting]}
              value={asOption(settings.data[setting])}
              options={options}
              onChange={(value) => save.mutate({ [setting]: asValue(value) })}
              {...locked}
            />
          ))}
        </div>
      ) : (
        !settings.isError && <Skeleton className="h-20 w-64" />
      )}
    </Card>
  );
}
