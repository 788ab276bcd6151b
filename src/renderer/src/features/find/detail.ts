import type { RecordMatch } from '@shared/contract';
import { formatDateTime } from '../../lib/format';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A match's detail as the administrator reads it. Main sends a money record's as
 * "<status> · <ISO date>" (src/main/firebase/recordFinder.ts) and a customer's as their e-mail:
 * the status is drawn as a badge and the date in the administrator's local time.
 */
export function readDetail(match: RecordMatch): { status: string | null; text: string | null } {
  if (!match.detail) return { status: null, text: null };
  if (match.kind === 'user') return { status: null, text: match.detail };
  const [status = '', ...rest] = match.detail.split(' · ');
  const text = rest.map((part) => (ISO_INSTANT.test(part) ? formatDateTime(part, part) : part)).join(' · ');
  return { status: status || null, text: text || null };
}
