import { CopyButton } from '../../CopyButton';
import { MISSING } from '../../../lib/format';

/** bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh -> bc1qxy2k…hx0wlh */
export function truncateMiddle(value: string, head = 8, tail = 6): string {
  return value.length <= head + tail + 1 ? value : `${value.slice(0, head)}…${value.slice(-tail)}`;
}

/** The address shortened in the middle (both ends are what people compare), the whole one on hover and copy. */
export function WalletAddressCell({ address }: { address: string | null }) {
  if (!address) return <span className="text-slate-400">{MISSING}</span>;
  return (
    <span className="inline-flex items-center gap-1">
      <span title={address} className="font-mono text-xs text-slate-700">
        <span aria-hidden>{truncateMiddle(address)}</span>
        <span className="sr-only">{address}</span>
      </span>
      <CopyButton
        value={address}
        label="Copy wallet address"
        copiedMessage="Wallet address copied."
        failedMessage="Could not copy the address."
      />
    </span>
  );
}
