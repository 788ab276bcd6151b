import { RotateCcw } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { useMay } from '../../lib/role';
import { useRetryMail } from './retry-mail';

/**
 * Puts one failed e-mail back in the queue; busy until the queue answers, so it is never queued twice.
 * Mail is customer care: a viewer sees the failure and its reason, not the button.
 */
export function RetryMailButton({ id, to }: { id: string; to: string }) {
  const retry = useRetryMail();
  if (!useMay('care')) return null;
  return (
    <Button variant="secondary" size="sm" busy={retry.isPending} aria-label={`Retry e-mail to ${to}`} onClick={() => retry.mutate(id)}>
      {!retry.isPending && <RotateCcw aria-hidden />}
      Retry
    </Button>
  );
}
