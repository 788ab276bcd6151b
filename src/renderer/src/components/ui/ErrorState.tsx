import { RefreshCw, TriangleExclamationPoint } from 'lucide-react';
import { Button } from './Button';
import { EmptyState } from './EmptyState';

interface ErrorStateProps {
  title: string;
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
}

export function ErrorState({ title, message, onRetry, retrying = false, className }: ErrorStateProps) {
  return (
    <EmptyState
      icon={TriangleExclamationPoint}
      tone="danger"
      title={title}
      description={message}
      className={className}
      action={
        onRetry && (
          <Button variant="secondary" onClick={onRetry} busy={retrying}>
            {!retrying && <RefreshCw aria-hidden />}
            Retry
          </Button>
        )
      }
    />
  );
}
