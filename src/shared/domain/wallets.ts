import { keccak_256 } from '@noble/hashes/sha3';
import { bech32, bech32m } from 'bech32';
import bs58check from 'bs58check';
import { fail, ok, type Result } from '../result';
import type { Changeset } from './changeset';

/** The coins the platform receives, in the order the screen lists them (docs/product-rules.md §7.2). */
export const coins = ['BITCOIN', 'ETHEREUM', 'USDT', 'TRON', 'LITECOIN'] as const;
export type Coin = (typeof coins)[number];
export type WalletAddresses = Record<Coin, string>;

/** Segwit (bech32 for v0, bech32m for v1+) with the coin's prefix, BIP 173/350. */
function isSegwit(address: string, hrp: string): boolean {
  const lower = address.toLowerCase();
  if (address !== lower && address !== address.toUpperCase()) return false;
  if (!lower.startsWith(`${hrp}1`)) return false;
  for (const codec of [bech32, bech32m]) {
    const decoded = codec.decodeUnsafe(lower, 90);
    if (!decoded || decoded.prefix !== hrp || decoded.words.length === 0) continue;
    const version = decoded.words[0]!;
    if (version > 16 || (version === 0) !== (codec === bech32)) continue;
    const program = codec.fromWordsUnsafe(decoded.words.slice(1));
    if (!program || program.length < 2 || program.length > 40) continue;
    if (version === 0 && program.length !== 20 && program.length !== 32) continue;
    return true;
  }
  return false;
}

/** Base58Check with a 21-byte payload whose first byte is one of the coin's versions. */
function isBase58Check(address: string, versions: number[]): boolean {
  const payload = bs58check.decodeUnsafe(address);
  return payload !== undefined && payload.length === 21 && versions.includes(payload[0]!);
}

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** EIP-55: a mixed-case address must carry the right checksum; all-lower/all-upper carry none. */
export function toChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = toHex(keccak_256(new TextEncoder().encode(lower)));
  return `0x${[...lower].map((c, i) => (parseInt(hash[i]!, 16) >= 8 ? c.toUpperCase() : c)).join('')}`;
}

function isEthereum(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(address) === address;
}

const isTron = (address: string) => address.startsWith('T') && isBase58Check(address, [0x41]);

const checks: Record<Coin, { test: (a: string) => boolean; expected: string }> = {
  BITCOIN: {
    test: (a) => isSegwit(a, 'bc') || isBase58Check(a, [0x00, 0x05]),
    expected: 'a Bitcoin address (bc1…, 1… or 3…)'
  },
  ETHEREUM: { test: isEthereum, expected: 'an Ethereum address (0x followed by 40 hex characters)' },
  USDT: { test: (a) => isEthereum(a) || isTron(a), expected: 'a USDT address on Ethereum (0x…) or Tron (T…)' },
  TRON: { test: isTron, expected: 'a Tron address (T… , 34 characters)' },
  LITECOIN: {
    test: (a) => isSegwit(a, 'ltc') || isBase58Check(a, [0x30, 0x32, 0x05]),
    expected: 'a Litecoin address (ltc1…, L…, M… or 3…)'
  }
};

/** null when the address is valid for the coin; otherwise the sentence to show under its input. */
export function checkWalletAddress(coin: Coin, raw: string): string | null {
  const address = raw.trim();
  if (!address) return `Enter the ${coin} address.`;
  if (/\s/.test(address)) return 'An address has no spaces.';
  if (checks[coin].test(address)) return null;
  if (coin === 'ETHEREUM' || coin === 'USDT') {
    if (/^0x[0-9a-fA-F]{40}$/.test(address)) return 'The letter case does not match the address checksum: check for a typo.';
  }
  return `This is not ${checks[coin].expected}, or its checksum is wrong: check for a typo.`;
}

function checkWalletAddresses(addresses: WalletAddresses): Partial<Record<Coin, string>> {
  const problems: Partial<Record<Coin, string>> = {};
  for (const coin of coins) {
    const problem = checkWalletAddress(coin, addresses[coin] ?? '');
    if (problem) problems[coin] = problem;
  }
  return problems;
}

export interface WalletChange {
  coin: Coin;
  before: string | null;
  after: string;
}

/** The coins whose address would change, for the "old -> new" confirmation. */
export function walletChanges(current: Partial<Record<string, unknown>>, next: WalletAddresses): WalletChange[] {
  return coins
    .map((coin) => ({ coin, before: typeof current[coin] === 'string' ? (current[coin] as string) : null, after: next[coin].trim() }))
    .filter((c) => c.before !== c.after);
}

/** Overwrites settings/walletAddresses after every address passed its coin's check. */
export function saveWalletAddresses(current: Partial<Record<string, unknown>> | null, next: WalletAddresses): Result<Changeset> {
  const problems = checkWalletAddresses(next);
  const first = coins.find((c) => problems[c]);
  if (first) return fail('VALIDATION', `${first}: ${problems[first]}`);
  const changes = walletChanges(current ?? {}, next);
  if (changes.length === 0) return fail('CONFLICT', 'No address changed.');
  const path = 'settings/walletAddresses';
  const cleaned = Object.fromEntries(coins.map((c) => [c, next[c].trim()])) as WalletAddresses;
  return ok({
    changes: [{ path, set: cleaned, replace: true }],
    audit: {
      kind: 'wallets',
      action: 'wallets.save',
      entityPath: path,
      summary: `Receiving addresses changed: ${changes.map((c) => c.coin).join(', ')}`,
      before: Object.fromEntries(changes.map((c) => [`${path}.${c.coin}`, c.before])),
      after: Object.fromEntries(changes.map((c) => [`${path}.${c.coin}`, c.after])),
      notes: [],
      reason: null
    },
    emails: [],
    effects: [],
    message: 'Wallet addresses updated successfully.'
  });
}
