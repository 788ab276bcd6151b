import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils';

/**
 * The Merkle tree of RFC 9162 (Certificate Transparency 2.0, §2.1) over the leaves a daily digest
 * commits to (every customer's chain head): leaf hash = SHA-256(0x00 || leaf), node hash =
 * SHA-256(0x01 || left || right), and a tree of n leaves splits at the largest power of two below n.
 * An inclusion path proves one customer's head is in a digest without the other customers' data.
 */

const LEAF = Uint8Array.of(0);
const NODE = Uint8Array.of(1);

export const leafHash = (leaf: string): Uint8Array => sha256(concatBytes(LEAF, utf8ToBytes(leaf)));
const nodeHash = (left: Uint8Array, right: Uint8Array): Uint8Array => sha256(concatBytes(NODE, left, right));

/** The largest power of two strictly below n (n ≥ 2). */
const split = (n: number): number => {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
};

function treeHash(leaves: readonly Uint8Array[]): Uint8Array {
  if (leaves.length === 0) return sha256(new Uint8Array(0));
  if (leaves.length === 1) return leaves[0]!;
  const k = split(leaves.length);
  return nodeHash(treeHash(leaves.slice(0, k)), treeHash(leaves.slice(k)));
}

/** MTH(D[n]) as hex: the root over the leaves in their given order (the empty tree hashes the empty string). */
export const merkleRoot = (leaves: readonly string[]): string => bytesToHex(treeHash(leaves.map(leafHash)));

/** PATH(m, D[n]): the sibling hashes from leaf m up to the root, as hex. */
export function inclusionPath(leaves: readonly string[], index: number): string[] {
  if (!Number.isInteger(index) || index < 0 || index >= leaves.length) throw new Error(`No leaf ${index} among ${leaves.length}.`);
  const path = (m: number, hashes: readonly Uint8Array[]): Uint8Array[] => {
    if (hashes.length <= 1) return [];
    const k = split(hashes.length);
    return m < k ? [...path(m, hashes.slice(0, k)), treeHash(hashes.slice(k))] : [...path(m - k, hashes.slice(k)), treeHash(hashes.slice(0, k))];
  };
  return path(index, leaves.map(leafHash)).map(bytesToHex);
}

/**
 * Verifies an inclusion proof (RFC 9162 §2.1.3.2): whether `leaf`, at `index` of a tree of `size`
 * leaves, with this path, hashes up to `root`.
 */
export function verifyInclusion(leaf: string, index: number, size: number, path: readonly string[], root: string): boolean {
  if (!Number.isInteger(index) || !Number.isInteger(size) || index < 0 || index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r = leafHash(leaf);
  for (const sibling of path) {
    if (!/^[0-9a-f]{64}$/.test(sibling) || sn === 0) return false;
    const p = hexToBytes(sibling);
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && bytesToHex(r) === root;
}
