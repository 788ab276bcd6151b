import { RotateCcw } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { useRetryMail } from './retry-mail';

/** Puts one failed e-mail back in the queue; busy until the queue answers, so it is never queued twice. */
export function RetryMailButton({ id, to }: { id: string; to: string }) {
  const retry = useRetryMail();
  return (
    <Button variant="secondary" size="sm" busy={retry.isPending} aria-label={`Retry e-mail to ${to}`} onClick={() => retry.mutate(id)}>
      {!retry.isPending && <RotateCcw aria-hidden />}
      Retry
    </Button>
  );
}
