import { fail, ok, type Result } from '../result';
import { textOr, type DocSnapshot, type DocumentChange } from './changeset';
import { explorerUrl, type ExplorerTemplates } from './explorers';
import { coins, type Coin } from './wallets';

/**
 * Chain evidence: the id of the blockchain transaction that paid a deposit in or a withdrawal out
 * (docs/product-rules.md §5.6). One transaction justifies at most one credit or payout, whatever
 * the coin and however its id is spelled; a guard document per transaction hash, created in the
 * decision's own transaction, enforces it.
 */

/** Where the guards live: one document per transaction hash, created once, never changed. */
export const TXID_GUARDS = 'txidGuards';

const HEX64 = /^[0-9a-f]{64}$/;
const ETH_HASH = /^0x[0-9a-f]{64}$/;

const forms: Record<Coin, { test: (txid: string) => boolean; expected: string }> = {
  BITCOIN: { test: (t) => HEX64.test(t), expected: '64 hexadecimal characters' },
  LITECOIN: { test: (t) => HEX64.test(t), expected: '64 hexadecimal characters' },
  TRON: { test: (t) => HEX64.test(t), expected: '64 hexadecimal characters' },
  ETHEREUM: { test: (t) => ETH_HASH.test(t), expected: '0x followed by 64 hexadecimal characters' },
  USDT: {
    test: (t) => HEX64.test(t) || ETH_HASH.test(t),
    expected: '64 hexadecimal characters (on Tron) or 0x followed by 64 hexadecimal characters (on Ethereum)'
  }
};

/** The coin a record names (a deposit's `method`, a withdrawal's `cryptoType`), any case, or null when it is none of ours. */
export function coinOf(value: unknown): Coin | null {
  if (typeof value !== 'string') return null;
  const upper = value.trim().toUpperCase();
  return coins.find((c) => c === upper) ?? null;
}

/** A transaction id as pasted: spaces around it dropped, letters lower-cased; '' when nothing was given. */
export const normalTxid = (raw: string | null | undefined): string => (raw ?? '').trim().toLowerCase();

/** The id in its stored form when it is valid for the coin, or VALIDATION naming the coin and the form it expects. */
export function checkTxid(coin: Coin | null, raw: string, noun = 'record'): Result<string> {
  const txid = normalTxid(raw);
  if (!coin) {
    return fail('VALIDATION', `This ${noun}'s coin is not one Ledgerdesk knows (${coins.join(', ')}), so its transaction id cannot be checked.`);
  }
  if (!forms[coin].test(txid)) return fail('VALIDATION', `A ${coin} transaction id is ${forms[coin].expected}.`);
  return ok(txid);
}

/** Why a typed id does not fit the coin (for the field, as it is typed), or null when it does or is empty. */
export function txidProblem(coinValue: unknown, raw: string): string | null {
  if (!normalTxid(raw)) return null;
  const checked = checkTxid(coinOf(coinValue), raw);
  return checked.ok ? null : checked.error.message;
}

/**
 * The transaction an id in stored form names: its 64 hex digits without `0x`. A 256-bit hash names
 * one transaction, so USDT's two spellings, ETHEREUM and USDT on Ethereum, TRON and USDT on Tron
 * all come to the same hash.
 */
export const canonicalTxid = (txid: string): string => (txid.startsWith('0x') ? txid.slice(2) : txid);

/** The guard of a transaction: `txidGuards/{hash}`, one for every coin and spelling. */
export const txidGuardPath = (txid: string): string => `${TXID_GUARDS}/${canonicalTxid(txid)}`;

/**
 * The guards Ledgerdesk wrote before guards were keyed on the hash (`txidGuards/{COIN}_{id as
 * stored}`) that could hold this transaction: each coin with each spelling it accepts, six in all.
 */
export function legacyTxidGuardPaths(txid: string): string[] {
  const hash = canonicalTxid(txid);
  return coins.flatMap((coin) => [hash, `0x${hash}`].filter((spelling) => forms[coin].test(spelling)).map((spelling) => `${TXID_GUARDS}/${coin}_${spelling}`));
}

/**
 * Every guard a decision reads for an id, in the order a refusal names them: the hash's own, then
 * the legacy ones (seven reads), so guards written before the change keep refusing without a migration.
 */
export const txidGuardsToRead = (txid: string): string[] => [txidGuardPath(txid), ...legacyTxidGuardPaths(txid)];

/** Said before and recorded after a credit or payout decided without a transaction id. */
export const NO_TXID_WARNING = 'No transaction id: this decision cannot be matched to the chain later.';

export type EvidenceKind = 'deposit' | 'withdrawal';

/** What a decision that needs evidence reads: the id given, its guard (null: unused), the settings. */
export interface EvidenceRead {
  /** As the administrator sent it; blank or absent is none. */
  txid?: string | null;
  /** The first guard of txidGuardsToRead that exists; null when no record used the transaction yet; absent when no id was given. */
  guard?: DocSnapshot | null;
  requireTxid?: boolean;
  explorers?: ExplorerTemplates;
}

/** What a credit or payout carries once the evidence is checked. */
export interface Evidence {
  /** Stored form, or null when none was given. */
  txid: string | null;
  coin: Coin | null;
  /** The explorer page of the transaction, null without one. */
  link: string | null;
  /** The guard document to create with the decision (none without an id). */
  changes: DocumentChange[];
  notes: string[];
}

const said: Record<EvidenceKind, string> = { deposit: 'credited deposit', withdrawal: 'paid withdrawal' };

/** "This transaction already credited deposit d1 (olivia@example.com, $250.00)." from the guard's own record. */
export function usedTxidMessage(guard: DocSnapshot): string {
  const kind: EvidenceKind = guard.data.kind === 'withdrawal' ? 'withdrawal' : 'deposit';
  const id = textOr(guard.data.recordId, '?');
  const facts = [textOr(guard.data.email, ''), textOr(guard.data.amount, '')].filter(Boolean).join(', ');
  return `This transaction already ${said[kind]} ${id}${facts ? ` (${facts})` : ''}.`;
}

/**
 * The chain evidence of a credit (deposit -> success) or a payout (withdrawal -> approved): the id
 * checked for the record's coin, refused when a record already used its transaction (on any coin,
 * in either spelling) or when the platform requires one and none was given; the guard to create; a
 * note when there is none.
 */
export function chainEvidence(
  kind: EvidenceKind,
  record: DocSnapshot,
  coinValue: unknown,
  read: EvidenceRead,
  facts: { email: string | null; amount: string }
): Result<Evidence> {
  const coin = coinOf(coinValue);
  if (!normalTxid(read.txid)) {
    if (read.requireTxid) {
      return fail('VALIDATION', `A transaction id is required: this platform asks for the chain transaction of every credit and payout.`);
    }
    return ok({ txid: null, coin, link: null, changes: [], notes: [NO_TXID_WARNING] });
  }
  const checked = checkTxid(coin, read.txid ?? '', kind);
  if (!checked.ok) return checked;
  const txid = checked.value;
  // checkTxid refuses an unknown coin, so coin is known from here on.
  const known = coin as Coin;
  if (read.guard) return fail('CONFLICT', usedTxidMessage(read.guard));
  const guard: DocumentChange = {
    path: txidGuardPath(txid),
    set: { coin: known, txid, kind, recordId: record.id, recordPath: `${kind}s/${record.id}`, email: facts.email, amount: facts.amount },
    replace: true
  };
  return ok({ txid, coin: known, link: explorerUrl(known, txid, read.explorers), changes: [guard], notes: [] });
}
