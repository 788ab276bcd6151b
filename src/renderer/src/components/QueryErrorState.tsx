import { errorMessage } from '../lib/api';
import { Card } from './ui/Card';
import { ErrorState } from './ui/ErrorState';

interface FailedQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/** A query that could not load: the reason (or `message`), and Retry reads it again; in a card of its own where the screen has nothing else to show. */
export function QueryErrorState({
  query,
  title,
  message,
  className,
  card = false
}: {
  query: FailedQuery;
  title: string;
  message?: string;
  className?: string;
  card?: boolean;
}) {
  const state = (
    <ErrorState
      className={className}
      title={title}
      message={message ?? errorMessage(query.error)}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
  return card ? <Card>{state}</Card> : state;
}
