import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { explorerUrl, shortTxid } from '@shared/domain/explorers';
import { coinOf } from '@shared/domain/txid';
import { MISSING } from '../../lib/format';
import { platformSettingsQuery } from '../../lib/platform-settings';
import { CopyButton } from '../../components/CopyButton';

interface TxidLinkProps {
  /** The record's chain transaction, stored lower-cased; null when it has none. */
  txid: string | null;
  /** The record's coin as stored (a deposit's `method`, a withdrawal's `cryptoType`): which explorer shows it. */
  coin: string | null;
  /** The record was credited or paid out, so a missing txid is worth a quiet word rather than a dash. */
  decided?: boolean;
}

/**
 * A record's chain evidence (docs/product-rules.md §5.6): the txid's short form, a Copy button for
 * the whole id, and its explorer page (the platform's own for the coin, else the default). The link
 * opens a new window, which the desktop app hands to the system browser (https only, docs/architecture.md §1).
 */
export function TxidLink({ txid, coin, decided = false }: TxidLinkProps) {
  const settings = useQuery(platformSettingsQuery);
  if (!txid) {
    return decided ? <span className="text-xs whitespace-nowrap text-slate-500">no txid</span> : <span className="text-slate-500">{MISSING}</span>;
  }
  const known = coinOf(coin);
  // Until the platform's explorers are read, no link: a default one could point at the wrong explorer.
  // If they cannot be read, the defaults are the best there is.
  const explorers = settings.data?.explorers ?? (settings.isError ? {} : null);
  const href = known && explorers ? explorerUrl(known, txid, explorers) : null;
  const short = shortTxid(txid);
  return (
    <span className="inline-flex items-center gap-0.5">
      <span title={txid} className="font-mono text-xs whitespace-nowrap text-slate-700">
        {short}
      </span>
      <CopyButton value={txid} label="Copy transaction id" copiedMessage="Transaction id copied." failedMessage="Could not copy the transaction id." />
      {href && (
        <a
          href={href}
          target="_blank"
          rel="noreferrer"
          aria-label={`View transaction ${short} on the explorer`}
          title={`View on ${new URL(href).host}`}
          className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-slate-400 transition-colors hover:bg-slate-100 hover:text-indigo-600"
        >
          <ExternalLink className="size-3.5" aria-hidden />
        </a>
      )}
    </span>
  );
}

/**
 * A list cell with the record's txid on a line beneath (a withdrawal's Wallet Address, a deposit's
 * Method), rather than a column of its own: the withdrawals table already fills a 1440 px window.
 * Nothing is added under a record that is neither credited or paid out nor carries a txid.
 */
export function WithTxid({ children, txid, coin, decided = false }: TxidLinkProps & { children: ReactNode }) {
  return (
    <span className="block">
      {children}
      {txid ? (
        <span className="flex items-center gap-1.5">
          <span className="text-[11px] font-medium tracking-wide text-slate-500 uppercase">Txid</span>
          <TxidLink txid={txid} coin={coin} />
        </span>
      ) : (
        decided && (
          <span className="block">
            <TxidLink txid={null} coin={coin} decided />
          </span>
        )
      )}
    </span>
  );
}
