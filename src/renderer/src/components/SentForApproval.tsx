import { Link, useInRouterContext } from 'react-router-dom';
import { paths } from '../lib/paths';

/**
 * A change the approval policy covers was filed as a request and nothing was done yet
 * (docs/product-rules.md §15.6): says so, in the main process's words, with a link to Approvals,
 * where another administrator approves or rejects it.
 */
export function SentForApproval({ message, requestId, onOpen }: { message: string; requestId: string; onOpen?: () => void }) {
  const inRouter = useInRouterContext();
  return (
    <div role="status" className="rounded-lg bg-sky-50 px-4 py-3 text-sm text-sky-900 ring-1 ring-sky-200 ring-inset">
      <p className="font-medium">Sent for approval: nothing was done yet.</p>
      <p className="mt-1 text-sky-800">{message}</p>
      <p className="mt-1 text-sky-800">
        Request {requestId} waits for another administrator.{' '}
        {inRouter && (
          <Link to={paths.approvals} onClick={onOpen} className="font-medium text-indigo-700 underline underline-offset-4 hover:text-indigo-900">
            Open Approvals
          </Link>
        )}
      </p>
    </div>
  );
}
