import { verifyChain, type BrokenLink, type ChainedEntry, type ChainHead } from './chain';
import { journalRootOf, readDigest, verifyDigests, type CustomerHead, type Digest, type SignatureCheck } from './digest';

/**
 * Verifying the records (docs/product-rules.md §16), the same check wherever it runs: the Evidence
 * screen's `records.verify` over what it reads, and `npm run verify-records` over an export and the
 * digest files an auditor kept, with no access to Firebase. The input is plain documents by path.
 */

/** Where the chains keep their heads: one per customer's journal, one for the audit log. */
export const JOURNAL_HEADS = 'journalHeads';
export const AUDIT_HEAD_PATH = 'auditChain/head';
export const DIGESTS = 'digests';

/** A digest as an auditor keeps it outside Firebase: the signed digest and the heads its root covers. */
export interface KeptDigest extends Digest {
  heads: CustomerHead[];
}

export interface RecordsInput {
  /** Every exported document, by path, times as epoch milliseconds. */
  documents: readonly ChainedEntry[];
  /** The digest files the auditor kept (may be none). */
  kept?: readonly KeptDigest[];
  /** The public keys (hex) the auditor trusts; by default the key of the oldest kept digest. */
  trustedKeys?: readonly string[];
  check: SignatureCheck;
  /**
   * A check of a range of days: the audit chain is read from the head a digest signed before the
   * range (its entries up to that seq are not in the documents), so its links start there.
   */
  auditFrom?: ChainHead;
  /**
   * The documents hold every digest ever stored (not a range): the oldest must then be the first
   * one (no previous), else the digests before it were removed.
   */
  everyDigest?: boolean;
}

export interface RecordsReport {
  /** Entries, heads and digests checked. */
  checked: number;
  broken: BrokenLink[];
}

const JOURNAL_ENTRY = /^users\/([^/]+)\/journal\/[^/]+$/;
const isChained = (doc: ChainedEntry) => typeof doc.data.seq === 'number' || typeof doc.data.hash === 'string';
const headOf = (data: Record<string, unknown> | undefined): ChainHead | null =>
  data && typeof data.seq === 'number' && typeof data.hash === 'string' ? { seq: data.seq, hash: data.hash } : null;

/** A digest document that is not one still counts, and fails its signature, named by its day. */
const unreadable = (path: string): Digest => ({
  day: path.slice(DIGESTS.length + 1),
  takenAt: 0,
  audit: { seq: 0, hash: '' },
  journalRoot: '',
  customers: 0,
  previous: null,
  publicKey: '',
  signature: ''
});

/** The documents sorted into chains: the audit log's and each customer's journal (entries written before chaining are left out). */
function chainsOf(documents: readonly ChainedEntry[]) {
  const audit: ChainedEntry[] = [];
  const journals = new Map<string, ChainedEntry[]>();
  const heads = new Map<string, Record<string, unknown>>();
  const digests: Digest[] = [];
  let auditHead: Record<string, unknown> | undefined;
  for (const doc of documents) {
    const journal = JOURNAL_ENTRY.exec(doc.path);
    if (journal && isChained(doc)) journals.set(journal[1]!, [...(journals.get(journal[1]!) ?? []), doc]);
    else if (doc.path.startsWith('auditLog/') && isChained(doc)) audit.push(doc);
    else if (doc.path.startsWith(`${JOURNAL_HEADS}/`)) heads.set(doc.path.slice(JOURNAL_HEADS.length + 1), doc.data);
    else if (doc.path === AUDIT_HEAD_PATH) auditHead = doc.data;
    else if (doc.path.startsWith(`${DIGESTS}/`)) digests.push(readDigest(doc.data) ?? unreadable(doc.path));
  }
  return { audit, journals, heads, auditHead, digests };
}

/** Whether the chain holds, at `seq`, the entry with `hash`: a signed head the chain must still extend. */
const extendsHead = (entries: readonly ChainedEntry[], head: ChainHead): boolean =>
  head.seq === 0 || entries.some((entry) => entry.data.seq === head.seq && entry.data.hash === head.hash);

export function verifyRecords(input: RecordsInput): RecordsReport {
  const { audit, journals, heads, auditHead, digests } = chainsOf(input.documents);
  const broken: BrokenLink[] = [];
  let checked = audit.length + digests.length;

  broken.push(...verifyChain(audit, { head: headOf(auditHead), headPath: AUDIT_HEAD_PATH, ...(input.auditFrom ? { from: input.auditFrom } : {}) }));
  const customers = new Set([...journals.keys(), ...heads.keys()]);
  for (const userId of [...customers].sort()) {
    const entries = journals.get(userId) ?? [];
    checked += entries.length + 1;
    broken.push(...verifyChain(entries, { head: headOf(heads.get(userId)), headPath: `${JOURNAL_HEADS}/${userId}` }));
  }

  const kept = input.kept ?? [];
  const oldest = [...kept].sort((a, b) => (a.day < b.day ? -1 : 1))[0];
  const trusted = input.trustedKeys ?? (oldest ? [oldest.publicKey] : [...new Set(digests.map((digest) => digest.publicKey))]);
  broken.push(...verifyDigests(kept.length > 0 ? kept : digests, input.check, trusted));
  const first = [...digests].sort((a, b) => (a.day < b.day ? -1 : 1))[0];
  if (input.everyDigest && first && first.previous !== null)
    broken.push({ path: `${DIGESTS}/${first.day}`, reason: 'It links to a digest before it, but none is stored: the earlier digests were removed.' });
  const stored = new Map(digests.map((digest) => [digest.day, digest]));
  for (const file of kept) {
    const path = `${DIGESTS}/${file.day}`;
    checked += 1;
    const inFirebase = stored.get(file.day);
    if (!inFirebase) broken.push({ path, reason: 'The auditor kept this digest, but the export has none for that day: it was removed.' });
    else if (inFirebase.signature !== file.signature)
      broken.push({ path, reason: 'The digest in the export is not the one the auditor kept: it was replaced.' });
    if (journalRootOf(file.heads) !== file.journalRoot || file.heads.length !== file.customers) {
      broken.push({ path, reason: 'The heads kept with this digest do not give its signed root: the file was edited.' });
      continue;
    }
    // Append-only: every head the day signed is still on its chain, at its seq, with its hash.
    if (!extendsHead(audit, file.audit))
      broken.push({ path: AUDIT_HEAD_PATH, reason: `The audit log no longer holds seq ${file.audit.seq} as signed on ${file.day}: it was rewritten.` });
    for (const head of file.heads) {
      if (!extendsHead(journals.get(head.userId) ?? [], head)) {
        broken.push({
          path: `${JOURNAL_HEADS}/${head.userId}`,
          reason: `The journal no longer holds seq ${head.seq} as signed on ${file.day}: it was rewritten.`
        });
      }
    }
  }
  return { checked, broken };
}
