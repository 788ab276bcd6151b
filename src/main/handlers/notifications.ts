import type { NotificationPrefs } from '../../shared/schemas/live';
import type { HandlerContext, NamespaceHandlers } from './context';

/** Both kinds are on until the administrator turns one off; the browser's permission has not been asked yet. */
const defaults: NotificationPrefs = { deposit: true, withdrawal: true, asked: false };

export const notificationsHandlers = ({ prefs }: HandlerContext): NamespaceHandlers<'notifications'> => {
  const read = (): NotificationPrefs => ({ ...defaults, ...prefs.read().notifications });
  return {
    'notifications.get': () => read(),
    'notifications.set': (change) => {
      const next = { ...read(), ...change };
      prefs.update({ notifications: next });
      return next;
    }
  };
};
