import { fail, ok, type Result } from '../result';
import { userName, type Changeset, type DocSnapshot } from './changeset';

/**
 * Notes on a customer: what an administrator learned, kept beside the customer as a case file
 * (docs/product-rules.md §6.8). Append-only: a note is never edited or deleted, a correction is a
 * new note. Each is stored at `users/{id}/notes/{operationId}`, written with its audit entry in one
 * transaction, and signed by the store with the administrator and the commit's time.
 */

export const NOTE_MAX = 2000;

/** The subcollection a customer's notes live in. */
export const notesPath = (userId: string): string => `users/${userId}/notes`;

/** A note's text as stored: trimmed; refused when empty or longer than NOTE_MAX. */
export function noteText(text: string): Result<string> {
  const trimmed = text.trim();
  if (!trimmed) return fail('VALIDATION', 'Write the note first.');
  if (trimmed.length > NOTE_MAX) return fail('VALIDATION', `A note is at most ${NOTE_MAX.toLocaleString('en-US')} characters (${trimmed.length} now).`);
  return ok(trimmed);
}

/** Summaries stay one line in the audit log: the note's first 80 characters. */
const gist = (text: string) => {
  const line = text.replace(/\s+/g, ' ');
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
};

/** Adds a note to a customer who exists; the note's id is the action's operationId, so a replay adds nothing. */
export function addUserNote(user: DocSnapshot, text: string, noteId: string): Result<Changeset> {
  const checked = noteText(text);
  if (!checked.ok) return checked;
  const path = `${notesPath(user.id)}/${noteId}`;
  return ok({
    changes: [{ path, set: { text: checked.value }, create: true }],
    audit: {
      kind: 'user',
      action: 'user.note',
      entityPath: `users/${user.id}`,
      summary: `Note on ${userName(user)}: ${gist(checked.value)}`,
      before: {},
      after: { [`${path}.text`]: checked.value },
      notes: [],
      reason: null
    },
    emails: [],
    effects: [],
    message: 'Note added.'
  });
}
