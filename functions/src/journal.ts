// The journal of every change to a customer's money: each write to users/{id} (with who made it, as
// Firestore reports it) goes to the handler in server/platform/journal.ts, which adds one entry when a
// money field changed, Ledgerdesk's only when an administrator (by claim, looked up in Auth) made it with
// its audit entry. Retried on failure: the entry's id is the event's, so a retry writes it once.
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { onDocumentWrittenWithAuthContext } from 'firebase-functions/v2/firestore';
import { journalMoneyChange, platformJournalDb, type JournalDb } from '../../server/platform/journal';
import { platformApp } from './app';

// One per instance, so the administrators' claims it looked up are remembered between events.
let journalDb: JournalDb | null = null;
const journal = (): JournalDb => (journalDb ??= platformJournalDb(getFirestore(platformApp()), getAuth(platformApp())));

export const journalMoneyChanges = onDocumentWrittenWithAuthContext({ document: 'users/{userId}', retry: true }, async (event) => {
  const side = (snapshot: { exists: boolean; data(): Record<string, unknown> | undefined } | undefined) => (snapshot?.exists ? (snapshot.data() ?? {}) : null);
  await journalMoneyChange(journal(), {
    id: event.id,
    time: event.time,
    userId: event.params.userId,
    before: side(event.data?.before),
    after: side(event.data?.after),
    authType: event.authType,
    authId: event.authId ?? null
  });
});
