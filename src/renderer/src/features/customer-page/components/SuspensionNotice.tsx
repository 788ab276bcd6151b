import type { CustomerProfile } from '@shared/contract';
import { Notice } from '../../../components/ui/Notice';
import { formatDateTime } from '../../../lib/format';

/** Why and since when the customer is suspended, and by whom (docs/product-rules.md §6.9). */
export function SuspensionNotice({ suspension }: { suspension: NonNullable<CustomerProfile['suspension']> }) {
  return (
    <Notice tone="warning">
      <p className="font-medium">
        Suspended{suspension.at ? ` since ${formatDateTime(suspension.at)}` : ''}
        {suspension.by ? ` by ${suspension.by}` : ''}: they cannot sign in, and approving their withdrawals needs an override reason.
      </p>
      <p className="mt-0.5 whitespace-pre-line">Reason: {suspension.reason}</p>
    </Notice>
  );
}
