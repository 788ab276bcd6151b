import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZoneChoice } from '../../../shared/schemas/timeZone';
import { api, call, errorMessage } from './api';
import { computerTimeZone } from './format';
import { notify } from './notify';
import { platformSettingsQuery } from './platform-settings';
import { rootKeys } from './query-keys';

/** Which zone this computer shows times in (timeZone.get), kept in the preferences file of the data folder. */
export const shownZoneQuery = queryOptions({
  queryKey: [...rootKeys.app, 'timeZone'],
  queryFn: () => call(() => api().timeZone.get({})),
  staleTime: Number.POSITIVE_INFINITY,
  meta: { silent: true }
});

export interface ShownZone {
  choice: ZoneChoice;
  /** The IANA zone times are shown in now: "Europe/Berlin", "UTC". */
  zone: string;
  /** settings/ledgerdesk.timeZone; null until read, or when it cannot be. */
  platformZone: string | null;
  /** The platform's zone was chosen but could not be read: this computer's is shown meanwhile, and said so. */
  platformUnread: boolean;
  /** False until the choice (and, for the platform's zone, the settings) answered: nothing is drawn in a zone it is about to leave. */
  ready: boolean;
}

/**
 * The zone this computer shows times in, as the choice in its preferences makes it. A choice that
 * cannot be read is this computer's own zone, as before the choice existed.
 */
export function useShownZone(): ShownZone {
  const shown = useQuery(shownZoneQuery);
  const choice = shown.data?.shownIn ?? 'computer';
  const settings = useQuery({ ...platformSettingsQuery, enabled: choice === 'platform' });
  const platformZone = settings.data?.timeZone ?? null;
  const platformUnread = choice === 'platform' && settings.isError && !platformZone;
  const zone = choice === 'utc' ? 'UTC' : choice === 'platform' && platformZone ? platformZone : computerTimeZone();
  return { choice, zone, platformZone, platformUnread, ready: !shown.isPending && (choice !== 'platform' || !settings.isPending) };
}

/** Keeps a new choice in the preferences file; every screen redraws in its zone at once. */
export function useChooseShownZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shownIn: ZoneChoice) => call(() => api().timeZone.set({ shownIn })),
    onSuccess: (next) => queryClient.setQueryData(shownZoneQuery.queryKey, next),
    onError: (error) => notify.error('Failed to save the time zone.', errorMessage(error))
  });
}

/** Every zone this browser knows by name, UTC first; `keep` (the stored one) is listed even if this browser does not know it. */
export function knownTimeZones(keep?: string | null): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = new Set(['UTC', ...names, ...(keep ? [keep] : [])]);
  return ['UTC', ...[...all].filter((name) => name !== 'UTC').sort()];
}
