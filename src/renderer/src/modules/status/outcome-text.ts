import type { StatusOutcome } from '@shared/contract';
import { formatMoney, plural } from '../../lib/format';

/**
 * What a status change did, in sentences for the toast under its message:
 * "Total deposit of Olivia Johnson: $100.00 → $223.45. 1 e-mail queued."
 */
export function outcomeDescription(outcome: StatusOutcome): string | undefined {
  const sentences = [
    ...outcome.effects.map((e) => `${e.label}: ${formatMoney(e.before)} → ${formatMoney(e.after)}.`),
    ...outcome.notes.map((note) => (/[.!?]$/.test(note) ? note : `${note}.`)),
    ...(outcome.emailsQueued > 0 ? [`${plural(outcome.emailsQueued, 'e-mail')} queued.`] : [])
  ];
  return sentences.length > 0 ? sentences.join(' ') : undefined;
}
