import type { ApprovalRequest } from '@shared/contract';
import { coins } from '@shared/domain/wallets';
import { api, call } from '../../../../lib/api';
import { ChangeTable, Reading, record, same, useCurrent } from './parts';

const shown = (value: unknown) => (typeof value === 'string' && value ? <span className="font-mono text-xs break-all">{value}</span> : 'None');

/** Saving the receiving wallet addresses: each coin's address now against the one approving would save. */
export function WalletsRequest({ request }: { request: ApprovalRequest }) {
  const current = useCurrent(request, 'wallets', () => call(() => api().wallets.get({})));
  const asked = record(request.decision.addresses);
  if (!current.data) return <Reading query={current} label="the wallet addresses saved now" />;
  const now = current.data.addresses as Record<string, string | null>;
  const rows = coins.map((coin) => ({
    label: coin,
    now: shown(now[coin]),
    after: shown(asked[coin]),
    changed: !same(now[coin] || null, asked[coin] || null)
  }));
  return <ChangeTable title="Wallet addresses" rows={rows} />;
}
