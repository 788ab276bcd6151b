import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { pendingNotification } from '@shared/domain/notifications';
import type { NotificationKind } from '@shared/schemas/live';
import { api, call } from '../../../lib/api';
import { useAppInfo } from '../../../lib/app-info';
import { useMainEvent } from '../../../lib/live-events';
import { notificationPrefsQuery, useNotificationPrefs } from './notification-prefs';

/** Where a new request is reviewed: its pending queue, oldest first, opened at that record. */
export const queuePath = (kind: NotificationKind, id: string): string => `/${kind}s?status=pending&order=oldest&focus=${encodeURIComponent(id)}`;

const browserNotifications = (): typeof Notification | null => ('Notification' in window ? window.Notification : null);

/**
 * Raises a notification for each new pending deposit or withdrawal the administrator wants to hear
 * about. The desktop app shows Electron's own (the main process does, and a click comes back as
 * 'live.openRecord'); browser mode uses the page's Notification API, whose permission is asked once.
 */
export function useDesktopNotifications(): void {
  const info = useAppInfo();
  const prefs = useNotificationPrefs();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const inBrowser = info?.transport === 'browser';

  // Asked once, ever: a refusal is the administrator's answer, and the settings say how to change it.
  useEffect(() => {
    const Browser = browserNotifications();
    if (!inBrowser || !prefs || prefs.asked || !Browser || Browser.permission !== 'default') return;
    void Browser.requestPermission().finally(() =>
      call(() => api().notifications.set({ asked: true })).then((next) => queryClient.setQueryData(notificationPrefsQuery.queryKey, next))
    );
  }, [inBrowser, prefs, queryClient]);

  useMainEvent('live.newPending', (record) => {
    const Browser = browserNotifications();
    if (!inBrowser || !prefs?.[record.kind] || !Browser || Browser.permission !== 'granted') return;
    const { title, body } = pendingNotification(record);
    const shown = new Browser(title, { body, tag: `${record.kind}-${record.id}` });
    shown.onclick = () => {
      window.focus();
      void navigate(queuePath(record.kind, record.id));
      shown.close();
    };
  });

  useMainEvent('live.openRecord', ({ kind, id }) => void navigate(queuePath(kind, id)));
}
