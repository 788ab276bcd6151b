// The signed daily digest (docs/product-rules.md §16.3): every hour the schedule asks whether the
// platform's last finished day has its digest and, if not, reads the audit chain's head and every
// customer's journal head, links to the latest digest before that day, signs the body with the
// platform's Ed25519 key and creates digests/{day} once. The same digest, with the heads its root
// covers, is kept as a file in a Cloud Storage bucket where the platform configured one.
import type { App } from 'firebase-admin/app';
import { FieldPath, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { EMPTY_HEAD, type ChainHead } from '../../src/shared/domain/chain';
import { closedDay } from '../../src/shared/domain/dailySnapshot';
import { digestBody, readDigest, signingText, type CustomerHead, type Digest } from '../../src/shared/domain/digest';
import { PLATFORM_SETTINGS_PATH, readPlatformSettings } from '../../src/shared/domain/platformSettings';
import { AUDIT_HEAD_PATH, DIGESTS, JOURNAL_HEADS, type KeptDigest } from '../../src/shared/domain/recordsCheck';
import { readSigningKey, signText } from './recordsSigning';

/** Heads read per page: memory holds one page of documents, and the heads themselves (small). */
export const HEADS_PAGE = 1_000;

/** gRPC's ALREADY_EXISTS: the document create() would write is there. */
const ALREADY_EXISTS = 6;

/** What the digest reads and writes, so the run is the same over Firestore and in the unit tests. */
export interface DigestStore {
  /** The platform's time zone and the public key published in settings (records.publicKey), if any. */
  platform(): Promise<{ timeZone: string; publishedKey: string | null }>;
  has(day: string): Promise<boolean>;
  /** The latest digest of a day before `day`, or null when there is none. */
  previous(day: string): Promise<Digest | null>;
  auditHead(): Promise<ChainHead>;
  /** Every customer's head, page by page; a head that is not one is reported by its path. */
  heads(skipped: (path: string) => void): AsyncIterable<CustomerHead>;
  /** Creates digests/{day}; false when one is there already (another run got there first). */
  create(digest: Digest): Promise<boolean>;
}

/** Keeps the digest file outside Firestore (a bucket); absent when the platform configured none. */
export type KeepDigest = (file: KeptDigest) => Promise<string>;

export interface DigestDeps {
  store: DigestStore;
  /** The secret's value: a PKCS8 PEM or a 64-digit hex seed. */
  signingKey: string | undefined;
  keep?: KeepDigest | null;
  log: (line: string) => void;
  now?: () => Date;
}

export type DigestOutcome = { day: string; outcome: 'written'; digest: Digest; keptAt: string | null } | { day: string; outcome: 'already' };

/** Signs the last finished day's digest unless it has one. Refuses (throws) when the signing key is not set. */
export async function recordsDigest(deps: DigestDeps): Promise<DigestOutcome> {
  const now = deps.now?.() ?? new Date();
  const { timeZone, publishedKey } = await deps.store.platform();
  const day = closedDay(timeZone, now);
  // One read on the hours after the first: the heads are read only for a day without its digest.
  if (await deps.store.has(day)) return { day, outcome: 'already' };
  const key = readSigningKey(deps.signingKey);
  if (publishedKey !== key.publicKey) {
    deps.log(
      publishedKey
        ? `The records signing key's public key ${key.publicKey} is not the one published in settings (${publishedKey}): the Evidence screen will not trust the digest until it is published (npm run records-key -- publish).`
        : `No public key is published in settings; publish ${key.publicKey} with npm run records-key -- publish, so the Evidence screen trusts the digests.`
    );
  }
  const previous = await deps.store.previous(day);
  const audit = await deps.store.auditHead();
  const heads: CustomerHead[] = [];
  for await (const head of deps.store.heads((path) => deps.log(`${path} is not a journal head (no seq or hash): the digest of ${day} leaves it out.`))) {
    heads.push(head);
  }
  const body = digestBody({ day, takenAt: now.getTime(), audit, heads, previous, publicKey: key.publicKey });
  const digest: Digest = { ...body, signature: signText(key, signingText(body)) };
  if (!(await deps.store.create(digest))) return { day, outcome: 'already' };
  deps.log(`Digest of ${day} (${timeZone}) signed: audit seq ${audit.seq}, ${heads.length} customers, root ${body.journalRoot}.`);
  let keptAt: string | null = null;
  if (deps.keep) {
    try {
      keptAt = await deps.keep({ ...digest, heads });
    } catch (error) {
      // The heads it covers are not read again later (they move), so the file of this day cannot be
      // made afterwards: the failure is said plainly and the run ends failed, for the platform's alerts.
      deps.log(
        `The digest of ${day} is signed and stored, but its file could not be kept in the bucket: ${error instanceof Error ? error.message : String(error)}`
      );
      throw error;
    }
    deps.log(`Digest of ${day} kept at ${keptAt}.`);
  } else {
    deps.log(
      `No bucket is configured (RECORDS_DIGEST_BUCKET): the digest of ${day} is kept in Firestore only; an auditor downloads it from the Evidence screen.`
    );
  }
  return { day, outcome: 'written', digest, keptAt };
}

/**
 * A stored head as the digest commits to it. A head whose balance is unreadable keeps `null` there:
 * the leaf says so (canonical writes null), and every verifier rebuilds that same leaf from the kept head.
 */
function customerHead(userId: string, data: Record<string, unknown>): CustomerHead | null {
  if (typeof data.seq !== 'number' || !Number.isInteger(data.seq) || typeof data.hash !== 'string') return null;
  const balanceCents = typeof data.balanceCents === 'number' ? data.balanceCents : null;
  return { userId, seq: data.seq, hash: data.hash, balanceCents } as CustomerHead;
}

/** The digest's reads and its one write over firebase-admin. */
export function adminDigestStore(db: Firestore): DigestStore {
  const digests = db.collection(DIGESTS);
  return {
    async platform() {
      const data = (await db.doc(PLATFORM_SETTINGS_PATH).get()).data() ?? null;
      const records = data?.records as Record<string, unknown> | undefined;
      return { timeZone: readPlatformSettings(data).timeZone, publishedKey: typeof records?.publicKey === 'string' ? records.publicKey : null };
    },
    has: async (day) => (await digests.doc(day).get()).exists,
    async previous(day) {
      // By the digest's own day field: Firestore scans document ids only upwards, and a single-field
      // index (automatic) serves the day descending.
      const before = await digests.where('day', '<', day).orderBy('day', 'desc').limit(1).get();
      const doc = before.docs[0];
      return doc ? readDigest(doc.data()) : null;
    },
    async auditHead() {
      const data = (await db.doc(AUDIT_HEAD_PATH).get()).data();
      return data && typeof data.seq === 'number' && typeof data.hash === 'string' ? { seq: data.seq, hash: data.hash } : EMPTY_HEAD;
    },
    async *heads(skipped) {
      let last: QueryDocumentSnapshot | null = null;
      for (;;) {
        const ordered = db.collection(JOURNAL_HEADS).orderBy(FieldPath.documentId()).limit(HEADS_PAGE);
        const page = await (last === null ? ordered : ordered.startAfter(last)).get();
        for (const doc of page.docs) {
          const head = customerHead(doc.id, doc.data());
          if (head) yield head;
          else skipped(doc.ref.path);
        }
        if (page.size < HEADS_PAGE) return;
        last = page.docs.at(-1)!;
      }
    },
    async create(digest) {
      try {
        await digests.doc(digest.day).create({ ...digest });
        return true;
      } catch (error) {
        if ((error as { code?: unknown }).code === ALREADY_EXISTS) return false;
        throw error;
      }
    }
  };
}

/** Keeps each day's file at gs://BUCKET/digests/{day}.json, created once (a file there is never replaced). */
export function bucketKeeper(app: App, bucketName: string): KeepDigest {
  return async (file) => {
    const object = `${DIGESTS}/${file.day}.json`;
    try {
      await getStorage(app)
        .bucket(bucketName)
        .file(object)
        .save(`${JSON.stringify(file, null, 2)}\n`, { contentType: 'application/json', resumable: false, preconditionOpts: { ifGenerationMatch: 0 } });
    } catch (error) {
      // 412: a file of that day is there (an earlier run kept it); it is left as it is.
      if ((error as { code?: unknown }).code !== 412) throw error;
    }
    return `gs://${bucketName}/${object}`;
  };
}
