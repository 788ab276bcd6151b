import { Clock } from 'lucide-react';
import { useId, useState } from 'react';
import { platformSettingLabels } from '@shared/domain/platformSettings';
import type { ZoneChoice } from '@shared/schemas/timeZone';
import { Button } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { computerTimeZone, zoneName, zoneOffsetLabel } from '../../lib/format';
import { usePlatformSettingsControl } from '../../lib/platform-settings';
import { knownTimeZones, useChooseShownZone, useShownZone } from '../../lib/time-zone';
import { SidebarDialog } from './SidebarDialog';

/** "Europe/Paris (UTC+01:00)", "UTC". */
const zoneText = (timeZone: string) => (zoneName(timeZone) === 'UTC' ? 'UTC' : `${timeZone} (${zoneOffsetLabel(timeZone)})`);

/** The platform's zone for every administrator (settings/ledgerdesk.timeZone): saved like the other platform settings, password first. */
function PlatformZone() {
  const id = useId();
  const { settings, save, lockedBecause } = usePlatformSettingsControl();
  const stored = settings.data?.timeZone;
  const [picked, setPicked] = useState<string | null>(null);
  const value = picked ?? stored ?? 'UTC';
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2 border-t border-slate-200 pt-4">
      <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        The platform’s zone
      </h3>
      <p className="text-sm text-slate-600">
        One for every administrator, kept in the platform’s settings. Customers’ e-mails write their times in it. Saving it asks for your password.
      </p>
      {lockedBecause && <p className="text-sm text-slate-500">{lockedBecause}</p>}
      {settings.isError ? (
        <p className="text-sm text-slate-600">The platform’s settings could not be read.</p>
      ) : (
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate({ timeZone: value }, { onSuccess: () => setPicked(null) });
          }}
        >
          <div className="min-w-0 flex-1">
            <label htmlFor={`${id}-zone`} className="mb-1 block text-sm font-medium text-slate-700">
              {platformSettingLabels.timeZone}
            </label>
            <select
              id={`${id}-zone`}
              value={value}
              disabled={!stored || lockedBecause !== null}
              title={lockedBecause ?? undefined}
              onChange={(event) => setPicked(event.target.value)}
              className="h-9 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs focus:border-indigo-500 focus:ring-3 focus:ring-indigo-500/30 focus:outline-none"
            >
              {knownTimeZones(stored).map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="secondary" disabled={!stored || value === stored || lockedBecause !== null} busy={save.isPending}>
            Save
          </Button>
        </form>
      )}
    </section>
  );
}

/**
 * The sidebar's "Time zone": which zone this computer shows every time in (its own, UTC or the
 * platform's), and the platform's zone itself. The choice is kept on this computer; the screen
 * redraws in the new zone at once.
 */
export function TimeZoneSettings({ className }: { className: string }) {
  const shown = useShownZone();
  const choose = useChooseShownZone();
  // The radio moves in the click's own render (the mutation's pending state arrives a tick later, and a
  // controlled radio would spring back until then), stays while the choice is kept, and goes back if that fails.
  const [trying, setTrying] = useState<ZoneChoice | null>(null);
  const checked = trying ?? shown.choice;
  const choices: Array<{ value: ZoneChoice; label: string; zone: string }> = [
    { value: 'computer', label: 'This computer’s zone', zone: zoneText(computerTimeZone()) },
    { value: 'utc', label: 'UTC', zone: 'Coordinated Universal Time' },
    { value: 'platform', label: 'The platform’s zone', zone: shown.platformZone ? zoneText(shown.platformZone) : 'Read from the platform’s settings' }
  ];
  return (
    <SidebarDialog
      className={className}
      icon={Clock}
      label="Time zone"
      current={<span className="truncate text-xs font-normal text-slate-400">{zoneName(shown.zone)}</span>}
      description="Every time on this computer’s screens, the days of the date filters, the CSV files and the statements are in this zone, and name it."
    >
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-900">Show times in</legend>
        <div className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {choices.map(({ value, label, zone }) => (
            <label
              key={value}
              className="flex cursor-pointer items-start gap-3 px-4 py-3 text-sm has-focus-visible:outline-2 has-focus-visible:outline-indigo-500"
            >
              <input
                type="radio"
                name="times-shown-in"
                value={value}
                checked={checked === value}
                disabled={choose.isPending}
                onChange={() => {
                  setTrying(value);
                  choose.mutate(value, { onSettled: () => setTrying(null) });
                }}
                className="mt-0.5 size-4 accent-indigo-600"
              />
              <span>
                <span className="block font-medium text-slate-900">{label}</span>
                <span className="block text-slate-500">{zone}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {shown.platformUnread && <Notice tone="warning">The platform’s zone could not be read, so times are shown in this computer’s zone until it can.</Notice>}
      <PlatformZone />
    </SidebarDialog>
  );
}
