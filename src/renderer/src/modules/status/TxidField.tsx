import { useId } from 'react';

interface TxidFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Why the id does not fit the coin, shown as it is typed; null when it fits or is empty. */
  problem: string | null;
  disabled?: boolean;
}

/**
 * The chain transaction that paid a deposit in or a withdrawal out (docs/product-rules.md §5.6).
 * Pasting trims it: ids copied from an explorer often carry a space or a line break.
 */
export function TxidField({ value, onChange, problem, disabled = false }: TxidFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Transaction id (txid)
      </label>
      <input
        id={id}
        value={value}
        disabled={disabled}
        spellCheck={false}
        autoComplete="off"
        maxLength={200}
        aria-invalid={problem !== null}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.value)}
        onPaste={(event) => {
          event.preventDefault();
          onChange(event.clipboardData.getData('text').trim());
        }}
        placeholder="The chain transaction, from the explorer or the wallet"
        className="mt-1 h-9 w-full rounded-lg border border-slate-300 bg-white px-3 font-mono text-[13px] text-slate-900 shadow-xs hover:border-slate-400 focus:border-indigo-500 focus:ring-3 focus:ring-indigo-500/30 focus:outline-none disabled:opacity-60"
      />
      <p id={hintId} className={problem ? 'mt-1 text-sm text-rose-700' : 'mt-1 text-xs text-slate-500'}>
        {problem ?? 'One transaction justifies one record: an id already used is refused.'}
      </p>
    </div>
  );
}
