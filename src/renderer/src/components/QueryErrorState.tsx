import { errorMessage } from '../lib/api';
import { ErrorState } from './ui/ErrorState';

interface FailedQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/** A query that could not load: the reason (or `message`), and Retry reads it again. */
export function QueryErrorState({
  query,
  title,
  message,
  className
}: {
  query: FailedQuery;
  title: string;
  message?: string;
  className?: string;
}) {
  return (
    <ErrorState
      className={className}
      title={title}
      message={message ?? errorMessage(query.error)}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}
