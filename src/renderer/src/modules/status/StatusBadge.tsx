import { statusLabel } from '../../../../shared/domain/statuses';
import { Badge, type BadgeTone } from '../../components/ui/Badge';

/** Colour by meaning, the same on every screen: done well green, waiting amber, refused red, finished slate. */
const toneByStatus: Record<string, BadgeTone> = {
  success: 'success',
  approved: 'success',
  active: 'success',
  sent: 'success',
  pending: 'warning',
  queued: 'warning',
  sending: 'info',
  failed: 'danger',
  rejected: 'danger',
  cancelled: 'danger',
  completed: 'neutral'
};

export const statusTone = (status: string): BadgeTone => toneByStatus[status.toLowerCase()] ?? 'neutral';

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={statusTone(status)}>
      <span aria-hidden className="size-1.5 rounded-full bg-current opacity-70" />
      {statusLabel(status)}
    </Badge>
  );
}
