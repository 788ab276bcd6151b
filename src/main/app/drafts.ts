import type { SignOutReason } from '../../shared/contract';

type Draft = NonNullable<unknown>;

/**
 * What the administrator typed and had not saved, kept in memory only (never on disk) and only for
 * the administrator who typed it: an idle or lock-screen sign-out keeps it for their next sign-in,
 * a deliberate sign-out or another account forgets it.
 */
export class DraftStore {
  private owner: string | null = null;
  private readonly drafts = new Map<string, Draft>();

  get(uid: string, key: string): Draft | null {
    this.claim(uid);
    return this.drafts.get(key) ?? null;
  }

  put(uid: string, key: string, value: Draft | null): void {
    this.claim(uid);
    if (value === null) this.drafts.delete(key);
    else this.drafts.set(key, value);
  }

  /** The session ended: only the sign-outs the administrator did not choose keep what they typed. */
  sessionEnded(reason: SignOutReason | null): void {
    if (reason !== 'idle' && reason !== 'screenLocked') this.forget();
  }

  forget(): void {
    this.owner = null;
    this.drafts.clear();
  }

  private claim(uid: string): void {
    if (this.owner !== uid) {
      this.drafts.clear();
      this.owner = uid;
    }
  }
}
