import { DEFAULT_ZONE_CHOICE } from '../../shared/schemas/timeZone';
import type { HandlerContext, NamespaceHandlers } from './context';

/** The zone this computer shows times in (the preferences file): its own until the administrator chooses UTC or the platform's. */
export const timeZoneHandlers = ({ prefs }: HandlerContext): NamespaceHandlers<'timeZone'> => ({
  'timeZone.get': () => ({ shownIn: prefs.read().timesShownIn ?? DEFAULT_ZONE_CHOICE }),
  'timeZone.set': ({ shownIn }) => {
    prefs.update({ timesShownIn: shownIn });
    return { shownIn };
  }
});
