import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { FindResult, RecordKind, RecordMatch } from '@shared/contract';

/**
 * How the palette finds a record by id and shows it: the top bar's find (features/find) already
 * knows, and a component may not import a feature, so the admin layout hands it over.
 */
export interface RecordSource {
  /** A hook: records.find for the text, off below two characters (features/find's useFindRecords). */
  useFind: (text: string) => UseQueryResult<FindResult>;
  /** Where opening the match goes: a money record in its list, highlighted; a customer on their page. */
  pathOf: (match: RecordMatch) => string;
  lookOf: (kind: RecordKind) => { noun: string; icon: LucideIcon; tint: string };
  /** The match's status (drawn as a badge) and the rest of its detail, in local time. */
  detailOf: (match: RecordMatch) => { status: string | null; text: string | null };
}
