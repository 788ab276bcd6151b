import { Bell } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { NotificationKind } from '@shared/schemas/live';
import { Button } from '../../../components/ui/Button';
import { Switch } from '../../../components/ui/Switch';
import { useAppInfo } from '../../../lib/app-info';
import { SidebarDialog } from '../SidebarDialog';
import { useNotificationPrefs, useSetNotificationPrefs } from './notification-prefs';

const kinds: Array<{ kind: NotificationKind; label: string; hint: string }> = [
  { kind: 'withdrawal', label: 'New pending withdrawals', hint: 'A customer asked to be paid out.' },
  { kind: 'deposit', label: 'New pending deposits', hint: 'A customer reported a payment to confirm.' }
];

/** What the browser allows, in words, with the way to change it (browser mode only). */
function BrowserPermission() {
  const [permission, setPermission] = useState(() => ('Notification' in window ? Notification.permission : 'unsupported'));
  let text: ReactNode;
  if (permission === 'granted') text = 'This browser shows Ledgerdesk’s notifications.';
  else if (permission === 'denied')
    text = 'This browser blocks Ledgerdesk’s notifications. Allow them in the site settings (the icon left of the address), then reload.';
  else if (permission === 'unsupported') text = 'This browser cannot show notifications.';
  else
    return (
      <div className="flex items-center justify-between gap-4 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600">
        <p>This browser has not been allowed to show notifications yet.</p>
        <Button variant="secondary" size="sm" className="shrink-0" onClick={() => void Notification.requestPermission().then(setPermission)}>
          Allow notifications
        </Button>
      </div>
    );
  return <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600">{text}</p>;
}

/** The sidebar's "Notifications" entry: one switch per kind, kept with the other preferences on this computer. */
export function NotificationSettings({ className }: { className: string }) {
  const prefs = useNotificationPrefs();
  const save = useSetNotificationPrefs();
  const inBrowser = useAppInfo()?.transport === 'browser';
  return (
    <SidebarDialog
      className={className}
      icon={Bell}
      label="Notifications"
      description="A desktop notification for each new request, on this computer. Clicking one opens the request in its queue."
    >
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
        {kinds.map(({ kind, label, hint }) => (
          <li key={kind} className="flex items-center justify-between gap-4 px-4 py-3">
            <label htmlFor={`notify-${kind}`} className="text-sm">
              <span className="block font-medium text-slate-900">{label}</span>
              <span className="block text-slate-500">{hint}</span>
            </label>
            <Switch
              id={`notify-${kind}`}
              checked={prefs?.[kind] ?? false}
              disabled={!prefs || save.isPending}
              onCheckedChange={(checked) => save.mutate({ [kind]: checked })}
            />
          </li>
        ))}
      </ul>
      {inBrowser && <BrowserPermission />}
    </SidebarDialog>
  );
}
