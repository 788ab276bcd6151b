import { createPublicKey, verify as verifySignature } from 'node:crypto';
import type { DigestFile, DigestList, VerifyRecordsResult } from '../shared/contract';
import type { ChainedEntry, ChainHead } from '../shared/domain/chain';
import { journalRootOf, readDigest, type CustomerHead, type Digest, type SignatureCheck } from '../shared/domain/digest';
import { verifyRecords, type KeptDigest } from '../shared/domain/recordsCheck';
import { AppError } from '../shared/result';
import type { RecordsReader } from './ports/recordsReader';

/** The DER prefix of an Ed25519 public key (RFC 8410): digests keep the raw 32 bytes. */
const ED25519_SPKI = Buffer.from('302a300506032b6570032100', 'hex');

/** Ed25519 with node:crypto: it runs here, in the main process, so the shared domain stays free of any crypto host. */
export const checkEd25519: SignatureCheck = (text, signatureHex, publicKeyHex) => {
  try {
    const key = createPublicKey({ key: Buffer.concat([ED25519_SPKI, Buffer.from(publicKeyHex, 'hex')]), format: 'der', type: 'spki' });
    return verifySignature(null, Buffer.from(text), key, Buffer.from(signatureHex, 'hex'));
  } catch {
    return false;
  }
};

const DAY_MS = 86_400_000;
/**
 * A digest's day is the platform's day, whatever its zone (UTC-12 to UTC+14): the customers whose
 * head changed within the range are read with that much margin either side. Reading a few more
 * customers costs reads, never a missed change.
 */
const ZONE_MARGIN_MS = 14 * 3_600_000;
const dayStartUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);

const digestsOf = (entries: readonly ChainedEntry[]): Digest[] => entries.flatMap((entry) => readDigest(entry.data) ?? []);

/** The Evidence screen's reads and checks (docs/product-rules.md §16.4) over what the signed-in administrator's rules let them read. */
export class Evidence {
  constructor(
    private readonly reader: RecordsReader,
    private readonly check: SignatureCheck = checkEd25519
  ) {}

  /**
   * Everything, or a range of days: the digests signed in it (and the one before, whose link and
   * signed audit head the range starts from), the audit entries since that head, and the whole
   * journal of each customer whose head moved in the range.
   */
  async verify(range: { from?: string; to?: string }): Promise<VerifyRecordsResult> {
    const published = await this.reader.publishedKey();
    if (!range.from && !range.to) {
      const documents = await this.reader.everything();
      return this.report(documents, published, { everyDigest: true });
    }
    const [inRange, before] = await Promise.all([this.reader.digests(range), range.from ? this.reader.digestBefore(range.from) : Promise.resolve(null)]);
    const auditFrom: ChainHead | undefined = before ? readDigest(before.data)?.audit : undefined;
    const fromMs = range.from ? dayStartUtc(range.from) - ZONE_MARGIN_MS : 0;
    const toMs = range.to ? dayStartUtc(range.to) + DAY_MS + ZONE_MARGIN_MS : Date.UTC(9999, 11, 31);
    const [audit, heads] = await Promise.all([this.reader.auditAfter(auditFrom?.seq ?? 0), this.reader.heads({ fromMs, toMs })]);
    const journals = await Promise.all(heads.map((head) => this.reader.journalOf(head.path.slice(head.path.indexOf('/') + 1))));
    const documents = [...(before ? [before] : []), ...inRange, ...audit, ...heads, ...journals.flat()];
    return this.report(documents, published, auditFrom ? { auditFrom } : {});
  }

  private report(documents: ChainedEntry[], published: string | null, options: { auditFrom?: ChainHead; everyDigest?: boolean }): VerifyRecordsResult {
    // The key the platform published; with none, the oldest digest read vouches for the ones after it.
    const oldest = digestsOf(documents.filter((d) => d.path.startsWith('digests/'))).sort((a, b) => (a.day < b.day ? -1 : 1))[0];
    const publicKey = published ?? oldest?.publicKey ?? null;
    const { checked, broken } = verifyRecords({ documents, check: this.check, ...(publicKey ? { trustedKeys: [publicKey] } : {}), ...options });
    return { checked, broken, publicKey };
  }

  async digests(): Promise<DigestList> {
    const [latest, publicKey] = await Promise.all([this.reader.latestDigests(30), this.reader.publishedKey()]);
    return {
      digests: digestsOf(latest).map((digest) => ({
        day: digest.day,
        takenAt: digest.takenAt,
        customers: digest.customers,
        auditSeq: digest.audit.seq,
        signedBy: digest.publicKey.slice(0, 16)
      })),
      publicKey
    };
  }

  /**
   * The kept file of a day: the signed digest and the heads it covers. Firebase keeps only the
   * latest head per customer, so a head that moved since is read back from its journal (the entry
   * the store had committed when the digest read the heads). The file is given only when those
   * heads give the signed root: anything else would be a file the auditor's check rejects.
   */
  async digestFile(day: string): Promise<DigestFile> {
    const stored = await this.reader.digest(day);
    if (!stored) throw new AppError('NOT_FOUND', `No digest was signed for ${day}.`);
    const digest = readDigest(stored.data);
    if (!digest) throw new AppError('CONFLICT', `The digest of ${day} is not a digest any more: verify the records to see what changed.`);
    const heads: CustomerHead[] = [];
    for (const head of await this.reader.heads()) {
      const userId = head.path.slice(head.path.indexOf('/') + 1);
      const changedAt = typeof head.data.changedAt === 'number' ? head.data.changedAt : Number.POSITIVE_INFINITY;
      if (changedAt <= digest.takenAt && typeof head.data.seq === 'number' && typeof head.data.hash === 'string') {
        heads.push({ userId, seq: head.data.seq, hash: head.data.hash, balanceCents: head.data.balanceCents as number });
        continue;
      }
      const then = (await this.reader.journalOf(userId))
        .filter((entry) => typeof entry.data.seq === 'number' && typeof entry.data.recordedAt === 'number' && entry.data.recordedAt <= digest.takenAt)
        .sort((a, b) => Number(b.data.seq) - Number(a.data.seq))[0];
      if (!then) continue;
      const after = then.data.balanceAfter as { cents?: unknown } | undefined;
      heads.push({
        userId,
        seq: then.data.seq as number,
        hash: then.data.hash as string,
        balanceCents: (typeof after?.cents === 'number' ? after.cents : null) as number
      });
    }
    if (heads.length !== digest.customers || journalRootOf(heads) !== digest.journalRoot) {
      throw new AppError(
        'CONFLICT',
        `The customers' heads signed on ${day} can no longer be read back from the journals, so the file would not verify. ` +
          "Take the file kept in the platform's storage bucket, or verify the records to see what changed."
      );
    }
    const kept: KeptDigest = { ...digest, heads };
    return { fileName: `digest-${day}.json`, text: `${JSON.stringify(kept, null, 2)}\n` };
  }
}
