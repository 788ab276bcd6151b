import { RefreshCw } from 'lucide-react';
import { cn } from '../lib/cn';
import { Button } from './ui/Button';

export interface Refreshable {
  isRefetching: boolean;
  isFetchingNextPage?: boolean;
  refetch: (options?: { cancelRefetch?: boolean }) => Promise<unknown>;
}

/** Re-reads a screen's data; a click while a refresh runs joins it instead of starting another. */
export function RefreshButton({ query }: { query: Refreshable }) {
  // Loading the next page is not a refresh: the Load More button shows that one.
  const refreshing = query.isRefetching && !query.isFetchingNextPage;
  return (
    <Button variant="secondary" aria-busy={refreshing || undefined} onClick={() => void query.refetch({ cancelRefetch: false })}>
      <RefreshCw aria-hidden className={cn(refreshing && 'animate-spin')} />
      Refresh
    </Button>
  );
}
