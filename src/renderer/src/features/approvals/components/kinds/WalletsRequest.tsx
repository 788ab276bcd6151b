import { coins } from '@shared/domain/wallets';
import { api, call } from '../../../../lib/api';
import { record, same, storedChange, type ChangeRow } from './parts';

const shown = (value: unknown) => (typeof value === 'string' && value ? <span className="font-mono text-xs break-all">{value}</span> : 'None');

/** Each coin's address now against the one approving would save. */
function addressRows(now: Record<string, string | null>, asked: Record<string, unknown>): ChangeRow[] {
  return coins.map((coin) => ({
    label: coin,
    now: shown(now[coin]),
    after: shown(asked[coin]),
    changed: !same(now[coin] || null, asked[coin] || null)
  }));
}

/** Saving the receiving wallet addresses: each coin's address now against the one approving would save. */
export const WalletsRequest = storedChange({
  title: 'Wallet addresses',
  read: () => call(() => api().wallets.get({})),
  rows: (stored, decision) => addressRows(stored.addresses as Record<string, string | null>, record(decision.addresses))
});
