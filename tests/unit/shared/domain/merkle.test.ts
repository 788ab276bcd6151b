import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils';
import { inclusionPath, leafHash, merkleRoot, verifyInclusion } from '@shared/domain/merkle';

const hex = (bytes: Uint8Array) => bytesToHex(bytes);
const node = (l: string, r: string) => hex(sha256(concatBytes(Uint8Array.of(1), Buffer.from(l, 'hex'), Buffer.from(r, 'hex'))));
const leaf = (s: string) => hex(leafHash(s));

describe('the Merkle tree a digest commits to (RFC 9162)', () => {
  it('hashes leaves and nodes with their own prefixes, splitting at the largest power of two below n', () => {
    expect(merkleRoot([])).toBe(hex(sha256(new Uint8Array(0))));
    expect(merkleRoot(['a'])).toBe(hex(sha256(concatBytes(Uint8Array.of(0), utf8ToBytes('a')))));
    expect(merkleRoot(['a', 'b'])).toBe(node(leaf('a'), leaf('b')));
    // Three leaves: ((a b) c), not (a (b c)).
    expect(merkleRoot(['a', 'b', 'c'])).toBe(node(node(leaf('a'), leaf('b')), leaf('c')));
    // Five leaves: ((a b)(c d)) e.
    expect(merkleRoot(['a', 'b', 'c', 'd', 'e'])).toBe(node(node(node(leaf('a'), leaf('b')), node(leaf('c'), leaf('d'))), leaf('e')));
  });

  it('proves every leaf of any tree included, and nothing else', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 8 }), { minLength: 1, maxLength: 40 }), fc.nat(), (leaves, pick) => {
        const root = merkleRoot(leaves);
        const i = pick % leaves.length;
        const path = inclusionPath(leaves, i);
        expect(verifyInclusion(leaves[i]!, i, leaves.length, path, root)).toBe(true);
        // Another leaf, another position, a changed sibling or a shortened path: refused. (The size is not proven by the
        // path alone, as in RFC 9162: the digest signs it beside the root.)
        expect(verifyInclusion(`${leaves[i]!}x`, i, leaves.length, path, root)).toBe(false);
        if (leaves.length > 1) {
          expect(verifyInclusion(leaves[i]!, (i + 1) % leaves.length, leaves.length, path, root) && leaves[(i + 1) % leaves.length] !== leaves[i]).toBe(false);
          const bent = [...path];
          bent[0] = bent[0]!.replace(/^./, (c) => (c === '0' ? '1' : '0'));
          expect(verifyInclusion(leaves[i]!, i, leaves.length, bent, root)).toBe(false);
          expect(verifyInclusion(leaves[i]!, i, leaves.length, path.slice(1), root)).toBe(false);
        }
      })
    );
  });
});
