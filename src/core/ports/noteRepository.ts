import type { Note, Page } from '../../shared/contract';
import type { PageAt } from './paging';

/** Notes on customers, newest first (src/main/firebase/noteRepository.ts); notes are written through the LedgerStore. */
export interface NoteRepository {
  list(userId: string, at: PageAt): Promise<Page<Note>>;
  /** The newest note, or null: one query with limit 1. */
  latest(userId: string): Promise<Note | null>;
}
