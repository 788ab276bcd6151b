import type { ChainedEntry } from '../../shared/domain/chain';

/**
 * What the Evidence screen's check reads (src/main/firebase/recordsReader.ts): stored documents by
 * path, times as epoch milliseconds and references as paths, exactly as the offline export writes them
 * (tools/records/export.ts), so the app and the auditor's command check the same bytes.
 */
export interface RecordsReader {
  /** Every audit entry, journal entry, head and digest. */
  everything(): Promise<ChainedEntry[]>;
  /** digests/{day} from `from` to `to` (inclusive, either open), oldest first. */
  digests(range: { from?: string; to?: string }): Promise<ChainedEntry[]>;
  /** The newest digests, newest first. */
  latestDigests(count: number): Promise<ChainedEntry[]>;
  /** The last digest of a day strictly before `day`, or null. */
  digestBefore(day: string): Promise<ChainedEntry | null>;
  digest(day: string): Promise<ChainedEntry | null>;
  /** The chained audit entries after `seq`, and the audit chain's head (when stored). */
  auditAfter(seq: number): Promise<ChainedEntry[]>;
  /** journalHeads/{userId} whose changedAt falls within [fromMs, toMs); every head without bounds. */
  heads(range?: { fromMs: number; toMs: number }): Promise<ChainedEntry[]>;
  /** Every entry of one customer's journal. */
  journalOf(userId: string): Promise<ChainedEntry[]>;
  /** The public key (hex) the platform published in its settings (settings/ledgerdesk records.publicKey), or null. */
  publishedKey(): Promise<string | null>;
}
