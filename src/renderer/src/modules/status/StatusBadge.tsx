import { statusLabel } from '@shared/domain/statuses';
import { kycStatusLabels } from '@shared/domain/users';
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
  completed: 'neutral',
  resubmissionrequested: 'warning'
};

/** Statuses of more than one word say so ("Resubmission requested"); the others are their own name, capitalised. */
const labelOf = (status: string): string => (status === 'resubmissionRequested' ? kycStatusLabels.resubmissionRequested : statusLabel(status));

export const statusTone = (status: string): BadgeTone => toneByStatus[status.toLowerCase()] ?? 'neutral';

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={statusTone(status)}>
      <span aria-hidden className="size-1.5 rounded-full bg-current opacity-70" />
      {labelOf(status)}
    </Badge>
  );
}
