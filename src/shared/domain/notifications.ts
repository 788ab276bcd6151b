import type { NewPending } from '../schemas/live';
import { formatUsd } from './money';

/** A new request's desktop notification, worded once for Electron's and the browser's. */
export const pendingNotification = ({ kind, email, amount }: Pick<NewPending, 'kind' | 'email' | 'amount'>) => ({
  title: `New pending ${kind}`,
  body: [email ?? 'A customer', amount !== null ? formatUsd(amount) : null].filter(Boolean).join(' · ')
});
