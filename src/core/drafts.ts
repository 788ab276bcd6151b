import type { SignOutReason } from '../shared/contract';

type Draft = NonNullable<unknown>;

/**
 * Enough for every screen's drafts and a Manage draft per customer of a long day; the oldest go
 * first, so memory stays bounded however long the app runs (each draft is at most 500,000 chars).
 */
export const MAX_DRAFTS = 100;

/**
 * What the administrator typed and had not saved, kept in memory only (never on disk) and only for
 * the administrator who typed it: an idle or lock-screen sign-out keeps it for their next sign-in,
 * a deliberate sign-out or another account forgets it.
 */
export class DraftStore {
  private owner: string | null = null;
  private readonly drafts = new Map<string, Draft>();

  constructor(private readonly limit = MAX_DRAFTS) {}

  get(uid: string, key: string): Draft | null {
    this.claim(uid);
    return this.drafts.get(key) ?? null;
  }

  put(uid: string, key: string, value: Draft | null): void {
    this.claim(uid);
    // Re-inserted, so the map's order is the order of last writes and the oldest is dropped first.
    this.drafts.delete(key);
    if (value === null) return;
    this.drafts.set(key, value);
    if (this.drafts.size > this.limit) this.drafts.delete(this.drafts.keys().next().value as string);
  }

  /** Someone signed in: another administrator's drafts go at once, not at their first read. */
  sessionStarted(uid: string): void {
    this.claim(uid);
  }

  /** The session ended: only the sign-outs the administrator did not choose keep what they typed. */
  sessionEnded(reason: SignOutReason | null): void {
    if (reason !== 'idle' && reason !== 'screenLocked') this.forget();
  }

  forget(): void {
    this.owner = null;
    this.drafts.clear();
  }

  /** Another administrator never reads what the last one typed. */
  private claim(uid: string): void {
    if (this.owner !== uid) {
      this.drafts.clear();
      this.owner = uid;
    }
  }
}
