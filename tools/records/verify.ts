// npm run verify-records -- EXPORT [--digests DIR] [--key HEX]... [--prove USER_ID]
// Checks an export of the records (npm run export-records: JSON lines of {path, data}) with no
// access to Firebase: every chain intact, every head at its chain's end, and, with the digest files
// the auditor kept (DIR/*.json), each day signed by the platform's key, linked to the day before,
// and still extended by today's chains. --prove prints one customer's Merkle path in the latest
// kept digest and checks it. Exit code 0: intact; 1: something is broken (each break is printed);
// 2: the command could not run.
import { verify as verifySignature, createPublicKey } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ChainedEntry } from '../../src/shared/domain/chain';
import { digestLeaf, orderedHeads } from '../../src/shared/domain/digest';
import { inclusionPath, verifyInclusion } from '../../src/shared/domain/merkle';
import { verifyRecords, type KeptDigest } from '../../src/shared/domain/recordsCheck';

/** The DER prefix of an Ed25519 public key (RFC 8410): the digest keeps the raw 32 bytes. */
const ED25519_SPKI = Buffer.from('302a300506032b6570032100', 'hex');

export const checkEd25519 = (text: string, signatureHex: string, publicKeyHex: string): boolean => {
  try {
    const key = createPublicKey({ key: Buffer.concat([ED25519_SPKI, Buffer.from(publicKeyHex, 'hex')]), format: 'der', type: 'spki' });
    return verifySignature(null, Buffer.from(text), key, Buffer.from(signatureHex, 'hex'));
  } catch {
    return false;
  }
};

/** One export line per document; a line that is not one is named, never skipped. */
export function readExport(text: string, file: string): ChainedEntry[] {
  return text
    .split('\n')
    .map((line, i) => [line.trim(), i + 1] as const)
    .filter(([line]) => line.length > 0)
    .map(([line, n]) => {
      const parsed = (() => {
        try {
          return JSON.parse(line) as unknown;
        } catch {
          return null;
        }
      })();
      const doc = parsed as { path?: unknown; data?: unknown } | null;
      if (!doc || typeof doc.path !== 'string' || typeof doc.data !== 'object' || doc.data === null) {
        throw new Error(`${file}, line ${n}: not a record of the export ({"path": ..., "data": {...}}).`);
      }
      return { path: doc.path, data: doc.data as Record<string, unknown> };
    });
}

export const readKept = (dir: string): KeptDigest[] =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as KeptDigest);

/** What the command prints and its exit code, for the files given. */
export function verifyExport(options: { exportFile: string; digestsDir?: string; keys?: string[]; prove?: string }): { lines: string[]; code: number } {
  const documents = readExport(readFileSync(options.exportFile, 'utf8'), options.exportFile);
  const kept = options.digestsDir ? readKept(options.digestsDir) : [];
  const report = verifyRecords({ documents, kept, check: checkEd25519, ...(options.keys && options.keys.length > 0 ? { trustedKeys: options.keys } : {}) });
  const lines = [
    `Checked ${report.checked} entries, heads and digests${kept.length > 0 ? ` against ${kept.length} kept digest files` : ' (no kept digest files given)'}.`
  ];
  for (const broken of report.broken) lines.push(`BROKEN ${broken.path}: ${broken.reason}`);
  let code = report.broken.length > 0 ? 1 : 0;
  if (options.prove) {
    const latest = kept.at(-1);
    const heads = latest ? orderedHeads(latest.heads) : [];
    const index = heads.findIndex((head) => head.userId === options.prove);
    if (!latest || index < 0) {
      lines.push(`No kept digest covers the customer ${options.prove}.`);
      code = Math.max(code, 1);
    } else {
      const leaves = heads.map(digestLeaf);
      const proof = inclusionPath(leaves, index);
      const included = verifyInclusion(leaves[index]!, index, leaves.length, proof, latest.journalRoot);
      lines.push(`${options.prove} in the digest of ${latest.day}: leaf ${index} of ${leaves.length}, ${leaves[index]}`);
      lines.push(`Merkle path: ${proof.length === 0 ? '(none: the only leaf)' : proof.join(' ')}`);
      lines.push(included ? `Included: the path leads to the signed root ${latest.journalRoot}.` : 'NOT included: the path does not lead to the signed root.');
      if (!included) code = 1;
    }
  }
  lines.push(code === 0 ? 'Intact: nothing was changed, removed, inserted or reordered.' : `${report.broken.length} broken link(s).`);
  return { lines, code };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: { digests: { type: 'string' }, key: { type: 'string', multiple: true }, prove: { type: 'string' } }
    });
    if (positionals.length !== 1) throw new Error('Usage: npm run verify-records -- EXPORT.jsonl [--digests DIR] [--key HEX] [--prove USER_ID]');
    const { lines, code } = verifyExport({ exportFile: positionals[0]!, digestsDir: values.digests, keys: values.key, prove: values.prove });
    console.log(lines.join('\n'));
    process.exitCode = code;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 2;
  }
}
