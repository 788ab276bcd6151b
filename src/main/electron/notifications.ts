import { pendingNotification } from '../../shared/domain/notifications';
import type { NewPending, NotificationKind } from '../../shared/schemas/live';
import type { EventBus } from '../session/events';

interface ShownNotification {
  on(event: 'click', listener: () => void): unknown;
  show(): void;
}

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
  // Electron forgets a notification that nothing references before it is clicked.
  const shown = new Set<ShownNotification>();
  return deps.events.subscribe((event, payload) => {
    if (event !== 'live.newPending' || !deps.isSupported()) return;
    const record = payload as NewPending;
    void deps.wanted(record.kind).then((wanted) => {
      if (!wanted) return;
      const notification = deps.create(pendingNotification(record));
      shown.add(notification);
      notification.on('click', () => {
        shown.delete(notification);
        deps.focusWindow();
        deps.events.emit('live.openRecord', { kind: record.kind, id: record.id });
      });
      notification.show();
    }, () => undefined);
  });
}
