import { Clock, LockKeyhole } from 'lucide-react';
import { Notice } from '../../../components/ui/Notice';
import { formatDuration } from '../../../lib/format';
import { useSession } from '../../../stores/session';

/** Says why the admin is looking at the sign-in page when they did not choose to sign out. */
export function SessionEndedNotice() {
  const endedBecause = useSession((s) => s.endedBecause);
  const idleTimeoutMs = useSession((s) => s.idleTimeoutMs);

  if (endedBecause === 'idle') {
    return (
      <Notice tone="info" icon={Clock}>
        You were signed out after {formatDuration(idleTimeoutMs)} without activity.
      </Notice>
    );
  }
  if (endedBecause === 'screenLocked') {
    return (
      <Notice tone="info" icon={LockKeyhole}>
        You were signed out because the screen was locked.
      </Notice>
    );
  }
  // 'notAdmin' is explained by the sign-in error itself; 'signedOut' was the admin's own choice.
  return null;
}
