import { Clock } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { formatDuration } from '../../../lib/format';
import { useSession, type IdleWarning } from '../../../stores/session';
import { reportActivity } from '../api/session';

/**
 * Sits over the top bar (beside the w-60 sidebar) rather than mid-screen: any movement hides it, and the
 * click that follows must land on something harmless, never on an Approve button underneath.
 */
export function IdleWarningBanner() {
  const warning = useSession((s) => s.idleWarning);
  if (!warning) return null;
  return <Banner key={warning.deadline} warning={warning} />;
}

function Banner({ warning }: { warning: IdleWarning }) {
  const msLeft = useMsLeft(warning.deadline);
  const secondsLeft = Math.ceil(msLeft / 1000);
  const remaining = warning.totalMs > 0 ? msLeft / warning.totalMs : 0;
  const titleId = useId();
  const textId = useId();
  const buttonRef = useFocusWhileShown<HTMLButtonElement>();

  return (
    <div
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      className="fixed top-0 right-0 left-60 z-50 flex h-16 items-center gap-4 border-b border-amber-200 bg-amber-50 px-8 shadow-sm"
    >
      <div className="flex size-8 shrink-0 items-center justify-center rounded-full bg-amber-100">
        <Clock className="size-4 text-amber-700" aria-hidden />
      </div>
      <div className="min-w-0 flex-1 text-sm">
        <p id={titleId} className="font-semibold text-amber-900">
          Are you still there?
        </p>
        <p id={textId} className="text-amber-800">
          You will be signed out in <span className="font-semibold tabular-nums">{formatDuration(secondsLeft * 1000)}</span> for inactivity.
        </p>
      </div>
      <Button ref={buttonRef} variant="secondary" onClick={reportActivity}>
        Stay signed in
      </Button>
      <div aria-hidden className="absolute inset-x-0 bottom-0 h-0.5 bg-amber-200/60">
        <div className="h-full bg-amber-500 transition-[width] duration-250 ease-linear" style={{ width: `${(remaining * 100).toFixed(2)}%` }} />
      </div>
    </div>
  );
}

function useMsLeft(deadline: number): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(performance.now()), 250);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, deadline - now);
}

/** Moves focus to the banner's button and hands it back to where it was when the banner goes. */
function useFocusWhileShown<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.focus();
    return () => {
      // Only when focus fell to <body> with the banner; never pull it from where the admin clicked.
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost && previous?.isConnected) previous.focus();
    };
  }, []);
  return ref;
}
