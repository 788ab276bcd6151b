import { setFormatPlace } from '../../lib/format';
import { useShownZone } from '../../lib/time-zone';

/**
 * Pins the one formatter (lib/format.ts) to the zone this computer shows times in, as the layout
 * draws and before its screen does: every time, a list's From/To days (their instants, in the list
 * queries' keys), the exports and the statement follow it. The layout draws its screen again from
 * the start under a new zone (`zone` is its key) and draws none until the zone is known.
 */
export function useTimesShownIn(): { zone: string; ready: boolean } {
  const shown = useShownZone();
  // During the render, not in an effect: the screens below read the zone as they draw.
  if (shown.ready) setFormatPlace({ timeZone: shown.zone });
  return { zone: shown.zone, ready: shown.ready };
}
