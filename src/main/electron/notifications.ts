import { pendingNotification } from '../../shared/domain/notifications';
import type { NewPending, NotificationKind } from '../../shared/schemas/live';
import type { EventBus } from '../session/events';

interface ShownNotification {
  on(event: 'click' | 'close', listener: () => void): unknown;
  show(): void;
  close(): void;
}

/** How many notifications are kept at once: older ones are closed as new ones come. */
export const KEPT_NOTIFICATIONS = 20;

export interface DesktopNotificationDeps {
  events: Pick<EventBus, 'subscribe' | 'emit'>;
  /** Electron's Notification.isSupported(). */
  isSupported(): boolean;
  /** new Notification(options) of Electron. */
  create(options: { title: string; body: string }): ShownNotification;
  /** Whether the administrator wants this kind (the notifications preferences). */
  wanted(kind: NotificationKind): Promise<boolean>;
  /** Brings the window forward (restored if minimised). */
  focusWindow(): void;
}

/**
 * The desktop app's notifications: one per new pending deposit or withdrawal the administrator
 * wants to hear about. A click brings the window forward and tells the screen which record to open.
 */
export function showDesktopNotifications(deps: DesktopNotificationDeps): () => void {
  // Electron forgets a notification that nothing references before it is clicked, so the last
  // ones are kept (in the order shown), each until it is clicked or closed, and never more than 20:
  // a busy shift must not hold every notification of the day.
  const shown: ShownNotification[] = [];
  const forget = (notification: ShownNotification) => {
    const at = shown.indexOf(notification);
    if (at >= 0) shown.splice(at, 1);
  };
  return deps.events.subscribe((event, payload) => {
    if (event !== 'live.newPending' || !deps.isSupported()) return;
    const record = payload as NewPending;
    void deps.wanted(record.kind).then(
      (wanted) => {
        if (!wanted) return;
        const notification = deps.create(pendingNotification(record));
        notification.on('click', () => {
          forget(notification);
          deps.focusWindow();
          deps.events.emit('live.openRecord', { kind: record.kind, id: record.id });
        });
        notification.on('close', () => forget(notification));
        shown.push(notification);
        while (shown.length > KEPT_NOTIFICATIONS) shown.shift()!.close();
        notification.show();
      },
      () => undefined
    );
  });
}
