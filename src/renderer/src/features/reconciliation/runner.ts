import type { ReconciliationRun } from '@shared/contract';

/** Who ran a run, in the administrator's words. */
export const runnerWords: Record<ReconciliationRun['by'], string> = {
  desktop: 'This desktop',
  server: 'Server (Ledgerdesk’s functions)'
};

export const stateWords = (run: Pick<ReconciliationRun, 'state' | 'by'>): string =>
  run.state === 'interrupted'
    ? run.by === 'server'
      ? 'Interrupted (the server stopped saving its progress)'
      : 'Interrupted (Ledgerdesk was closed)'
    : { running: 'Running', stopped: 'Stopped', finished: 'Finished', failed: 'Stopped on an error' }[run.state];
