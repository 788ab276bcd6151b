import { coins, type Coin } from './wallets';

/**
 * Where a transaction can be looked at: a block explorer's page per coin, `{txid}` standing for
 * the id. Each coin has a default; a platform may set its own (settings/ledgerdesk `explorers`),
 * https only, because the desktop app opens nothing else in the system browser.
 */
export type ExplorerTemplates = Partial<Record<Coin, string | null>>;

export const TXID_PLACEHOLDER = '{txid}';

export const defaultExplorers: Record<Coin, string> = {
  BITCOIN: 'https://mempool.space/tx/{txid}',
  ETHEREUM: 'https://etherscan.io/tx/{txid}',
  // USDT runs on Ethereum (0x ids) and on Tron (bare hex ids); explorerUrl picks by the id's form.
  USDT: 'https://etherscan.io/tx/{txid}',
  TRON: 'https://tronscan.org/#/transaction/{txid}',
  LITECOIN: 'https://litecoinspace.org/tx/{txid}'
};

/** USDT ids without 0x are Tron transactions, shown where Tron's are. */
const USDT_ON_TRON = defaultExplorers.TRON;

/** Why a template cannot be used, or null when it can: an https address with {txid} in it. */
export function explorerProblem(template: string): string | null {
  const text = template.trim();
  if (!text) return 'Enter an address, or leave it to the default.';
  if (text.length > 300) return 'Keep it to 300 characters.';
  if (!text.includes(TXID_PLACEHOLDER)) return `Put ${TXID_PLACEHOLDER} where the transaction id goes.`;
  let url: URL;
  try {
    url = new URL(text.replace(TXID_PLACEHOLDER, 'txid'));
  } catch {
    return 'This is not a web address.';
  }
  if (url.protocol !== 'https:') return 'Use an https:// address: Ledgerdesk opens nothing else.';
  if (url.username || url.password) return 'An explorer address carries no user name or password.';
  return null;
}

/** The explorer page of a transaction: the platform's template for the coin when it set a valid one, else the default. */
export function explorerUrl(coin: Coin, txid: string, overrides: ExplorerTemplates = {}): string {
  const own = overrides[coin];
  const template =
    typeof own === 'string' && explorerProblem(own) === null ? own.trim() : coin === 'USDT' && !txid.startsWith('0x') ? USDT_ON_TRON : defaultExplorers[coin];
  return template.split(TXID_PLACEHOLDER).join(encodeURIComponent(txid));
}

/** The stored overrides read field by field: a coin whose value is not text is its default (null). */
export function readExplorers(value: unknown): Record<Coin, string | null> {
  const stored = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return Object.fromEntries(coins.map((c) => [c, typeof stored[c] === 'string' && stored[c] ? (stored[c] as string) : null])) as Record<Coin, string | null>;
}

/** "0123abcd…89ef": a transaction id short enough for a table cell. */
export const shortTxid = (txid: string): string => (txid.length > 16 ? `${txid.slice(0, txid.startsWith('0x') ? 8 : 6)}…${txid.slice(-6)}` : txid);
