import { Copy, RefreshCw, TriangleExclamationPoint } from 'lucide-react';
import { errorDetailsText, describeError } from '../lib/error-report';
import { useAppInfo } from '../lib/app-info';
import { notify } from '../lib/notify';
import { scrubPersonalData } from '../../../shared/domain/privacy';
import { Button } from './ui/Button';

interface CaughtErrorProps {
  error: unknown;
  /** The screen's path, as the log names it. */
  route: string;
  title: string;
  description: string;
  reloadLabel: string;
  onReload: () => void;
}

/** What happened, in place of what could not be drawn: the message, a way to draw it again, and the details for a support request. */
export function CaughtError({ error, route, title, description, reloadLabel, onReload }: CaughtErrorProps) {
  const version = useAppInfo()?.version;
  const { name, message } = describeError(error);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(errorDetailsText(error, route, version));
      notify.success('Details copied', 'Paste them into your message to support.');
    } catch {
      notify.error('Could not copy the details', 'Help > Open logs folder has them too.');
    }
  };
  return (
    <section role="alert" aria-labelledby="caught-error-title" className="mx-auto flex max-w-2xl flex-col items-center px-6 py-14 text-center">
      <div className="flex size-11 items-center justify-center rounded-full bg-rose-50 ring-8 ring-rose-50/50">
        <TriangleExclamationPoint className="size-5 text-rose-600" aria-hidden />
      </div>
      {/* The screen's heading stands in for the screen's own, so the focus lands here after a move (use-screen-focus). */}
      <h1 id="caught-error-title" tabIndex={-1} className="mt-5 text-base font-semibold text-slate-900 focus:outline-none">
        {title}
      </h1>
      <p className="mt-1.5 max-w-md text-sm/6 text-slate-500">{description}</p>
      <pre className="mt-4 max-w-full overflow-x-auto rounded-md bg-slate-100 px-3 py-2 text-left text-xs whitespace-pre-wrap text-slate-700">
        {scrubPersonalData(`${name}: ${message}`)}
      </pre>
      <div className="mt-6 flex gap-3">
        <Button onClick={onReload}>
          <RefreshCw aria-hidden />
          {reloadLabel}
        </Button>
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden />
          Copy details
        </Button>
      </div>
    </section>
  );
}
