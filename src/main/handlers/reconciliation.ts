import { operationOf } from '../../core/operations';
import type { HandlerContext, NamespaceHandlers } from './context';

/** The platform-wide reconciliation runs: start (audited), follow, stop, resume, and their drifted customers. */
export const reconciliationHandlers = ({ platform, actor }: HandlerContext): NamespaceHandlers<'reconciliation'> => ({
  // The server runs it where its functions can (nightly, and on Start); otherwise this desktop does.
  'reconciliation.start': async (input) => {
    const { backend, idToken, runs, store } = platform();
    const token = await idToken();
    const onServer = token ? await backend.startReconciliation(token, input.operationId) : null;
    return onServer ? runs.run(onServer.runId) : runs.start({ store, actor: actor(), operation: operationOf('reconciliation.start', input) });
  },
  'reconciliation.resume': ({ id }) => platform().runs.resume(id, actor()),
  'reconciliation.stop': ({ id }) => platform().runs.stop(id),
  'reconciliation.run': ({ id }) => platform().runs.run(id),
  'reconciliation.runs': (at) => platform().runs.runs(at),
  'reconciliation.drifted': ({ id, ...at }) => platform().runs.drifted(id, at)
});
