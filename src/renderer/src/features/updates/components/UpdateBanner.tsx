import { useIsMutating } from '@tanstack/react-query';
import { CircleFadingArrowUp } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { restartToUpdate } from '../api/updates';
import { useUpdates } from '../store';

interface UpdateBannerProps {
  /** 'bar' spans the admin layout's content column; 'card' sits above the sign-in card. */
  variant: 'bar' | 'card';
}

/**
 * Offers a downloaded update; only the administrator's click restarts Ledgerdesk. Without the click
 * the update installs when the app is next quit.
 */
export function UpdateBanner({ variant }: UpdateBannerProps) {
  const version = useUpdates((s) => s.readyVersion);
  const dismissed = useUpdates((s) => s.dismissed);
  const dismiss = useUpdates((s) => s.dismiss);
  // A save in flight would be cut off by the restart: wait for it.
  const busyElsewhere = useIsMutating() > 0;
  const [restarting, setRestarting] = useState(false);

  if (!version || dismissed) return null;

  const restart = async () => {
    setRestarting(true);
    try {
      await restartToUpdate();
      // Stays busy: the app is quitting.
    } catch (error) {
      setRestarting(false);
      notify.error('Ledgerdesk could not restart to update', errorMessage(error));
    }
  };

  const later = (
    <Button variant="ghost" size="sm" onClick={dismiss} disabled={restarting}>
      Later
    </Button>
  );
  const restartButton = (
    <Button size="sm" onClick={() => void restart()} busy={restarting} disabled={busyElsewhere}>
      Restart to update
    </Button>
  );
  const icon = <CircleFadingArrowUp aria-hidden className="size-4 shrink-0 text-indigo-500" />;
  const title = (
    <span className="font-medium text-indigo-950">
      Version <span className="tabular-nums">{version}</span> is ready
    </span>
  );
  const hint = busyElsewhere ? 'Finish the current action first.' : null;

  if (variant === 'card') {
    // The sign-in column is narrow: text above, buttons below, so nothing wraps mid-sentence.
    return (
      <section aria-label="Update ready" className="mb-4 rounded-xl bg-indigo-50 px-4 py-3 text-sm ring-1 ring-indigo-200 ring-inset">
        <div className="flex gap-3">
          <span className="flex h-5 shrink-0 items-center">{icon}</span>
          <p role="status" className="min-w-0 text-indigo-800">
            {title}
            <br />
            {hint ?? 'Restart now, or it installs when you quit Ledgerdesk.'}
          </p>
        </div>
        <div className="mt-2.5 flex justify-end gap-2">
          {later}
          {restartButton}
        </div>
      </section>
    );
  }

  return (
    <section aria-label="Update ready" className="flex items-center gap-3 border-b border-indigo-100 bg-indigo-50/70 px-8 py-2.5 text-sm">
      {icon}
      <p role="status" className="min-w-0 flex-1 text-indigo-800">
        {title} — restart to update. {hint ?? "You'll sign in again afterwards."}
      </p>
      {later}
      {restartButton}
    </section>
  );
}
