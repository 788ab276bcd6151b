/**
 * Where the update feed lives, as publish and rollout need it: channel files read with their ETag
 * and written back only if nobody changed them since, so two writers never silently undo each
 * other (the workflows also queue them in one concurrency group; this is the store's own guard).
 */

/** A channel file as read, with the ETag that a conditional write names. */
export interface FeedEntry {
  text: string;
  etag: string;
}

/** Write only over the file as it was read, or only while there is none. */
export type WriteCondition = { ifMatch: string } | { ifAbsent: true };

export interface FeedStore {
  /** The feed's address, for messages. */
  readonly where: string;
  /** The file, or null when the feed has none of that name. */
  read(name: string): FeedEntry | null;
  /** An installer or blockmap: versioned names, written once. */
  uploadFile(name: string, path: string, cacheControl: string): void;
  /** Throws FeedChangedError when the condition no longer holds: the write did not happen. */
  writeText(name: string, text: string, cacheControl: string, condition: WriteCondition): void;
}

export class FeedChangedError extends Error {
  constructor(readonly file: string) {
    super(`${file} changed on the feed after it was read (another publish or rollout wrote it), so it was not overwritten.`);
    this.name = 'FeedChangedError';
  }
}
