import { useRef, useState, type FormEvent } from 'react';
import { checkWalletAddress, coins, walletChanges, type Coin, type WalletAddresses, type WalletChange } from '../../../../../shared/domain/wallets';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { inputClasses } from '../../../components/ui/Input';
import { Label } from '../../../components/ui/Label';
import { cn } from '../../../lib/cn';
import { useSaveWallets } from '../api/wallets';

export type StoredAddresses = Record<Coin, string | null>;

/** What each input expects, under its label. */
const hints: Record<Coin, string> = {
  BITCOIN: 'Bitcoin address: bc1…, 1… or 3…',
  ETHEREUM: 'Ethereum address: 0x followed by 40 hex characters',
  USDT: 'Ethereum or Tron address (0x… or T…)',
  TRON: 'Tron address: T…, 34 characters',
  LITECOIN: 'Litecoin address: ltc1…, L…, M… or 3…'
};

const fromStored = (stored: StoredAddresses) =>
  Object.fromEntries(coins.map((c) => [c, stored[c] ?? ''])) as WalletAddresses;

const none = Object.fromEntries(coins.map((c) => [c, false])) as Record<Coin, boolean>;

/** The coins the save would change; an empty box where nothing was stored is no change. */
const pendingChanges = (stored: StoredAddresses, values: WalletAddresses) =>
  walletChanges(stored, values).filter((c) => !(c.before === null && c.after === ''));

function Address({ value }: { value: string | null }) {
  if (value === null) return <span className="text-slate-400 italic">not set</span>;
  return <code className="font-mono text-xs/5 break-all text-slate-900">{value}</code>;
}

function ChangeList({ changes }: { changes: WalletChange[] }) {
  return (
    <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
      {changes.map((change) => (
        <li key={change.coin} className="space-y-1 px-3 py-2.5">
          <p className="text-xs font-semibold tracking-wide text-slate-700">{change.coin}</p>
          <p className="grid grid-cols-[2.5rem_1fr] gap-x-2">
            <span className="text-xs/5 text-slate-500">Old</span>
            <Address value={change.before} />
          </p>
          <p className="grid grid-cols-[2.5rem_1fr] gap-x-2">
            <span className="text-xs/5 font-medium text-emerald-700">New</span>
            <Address value={change.after} />
          </p>
        </li>
      ))}
    </ul>
  );
}

/**
 * One input per coin, checked for its coin as you type once left (or on Save). Save asks first,
 * listing old -> new for every changed coin: customers send their money to these addresses.
 */
export function WalletForm({ stored }: { stored: StoredAddresses }) {
  const [values, setValues] = useState<WalletAddresses>(() => fromStored(stored));
  // A stored address that is already wrong is flagged at once.
  const [touched, setTouched] = useState<Record<Coin, boolean>>(() =>
    Object.fromEntries(coins.map((c) => [c, stored[c] !== null && checkWalletAddress(c, stored[c]!) !== null])) as Record<Coin, boolean>
  );
  const [confirming, setConfirming] = useState(false);
  const inputs = useRef<Partial<Record<Coin, HTMLInputElement | null>>>({});
  const save = useSaveWallets();

  const changes = pendingChanges(stored, values);
  const changed = new Set(changes.map((c) => c.coin));
  const problemOf = (coin: Coin) => (touched[coin] ? checkWalletAddress(coin, values[coin]) : null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (changes.length === 0 || save.isPending) return;
    setTouched(Object.fromEntries(coins.map((c) => [c, true])) as Record<Coin, boolean>);
    const firstInvalid = coins.find((c) => checkWalletAddress(c, values[c]) !== null);
    if (firstInvalid) {
      inputs.current[firstInvalid]?.focus();
      return;
    }
    setConfirming(true);
  };

  const confirm = () => {
    const trimmed = Object.fromEntries(coins.map((c) => [c, values[c].trim()])) as WalletAddresses;
    save.mutate(trimmed, { onSettled: () => setConfirming(false) });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Card>
        <div className="divide-y divide-slate-100">
          {coins.map((coin) => {
            const id = `wallet-${coin}`;
            const problem = problemOf(coin);
            return (
              <div key={coin} className="grid gap-x-6 gap-y-2 px-5 py-4 md:grid-cols-[11rem_1fr]">
                <div className="md:pt-2.5">
                  <div className="flex items-center gap-2">
                    <Label htmlFor={id}>{coin}</Label>
                    {changed.has(coin) && <Badge tone="info">Changed</Badge>}
                  </div>
                </div>
                <div className="min-w-0">
                  <input
                    ref={(element) => {
                      inputs.current[coin] = element;
                    }}
                    id={id}
                    type="text"
                    autoComplete="off"
                    autoCapitalize="off"
                    autoCorrect="off"
                    spellCheck={false}
                    readOnly={save.isPending}
                    value={values[coin]}
                    placeholder={stored[coin] === null ? 'Not set' : undefined}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? `${id}-error ${id}-hint` : `${id}-hint`}
                    onChange={(event) => setValues((v) => ({ ...v, [coin]: event.target.value }))}
                    onBlur={() => setTouched((t) => (t[coin] ? t : { ...t, [coin]: true }))}
                    className={cn(inputClasses, 'font-mono text-[13px] tracking-tight')}
                  />
                  {problem && (
                    <p id={`${id}-error`} className="mt-1.5 text-xs/5 text-rose-600">
                      {problem}
                    </p>
                  )}
                  <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
                    {hints[coin]}
                  </p>
                </div>
              </div>
            );
          })}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-4 border-t border-slate-200 bg-slate-50/60 px-5 py-4">
          <p className="text-sm text-slate-500" role="status">
            {changes.length === 0
              ? 'No changes.'
              : `${changes.length} ${changes.length === 1 ? 'address' : 'addresses'} changed: ${changes.map((c) => c.coin).join(', ')}.`}
          </p>
          <div className="flex items-center gap-3">
            <Button
              variant="ghost"
              disabled={changes.length === 0 || save.isPending}
              onClick={() => {
                setValues(fromStored(stored));
                setTouched(none);
              }}
            >
              Discard changes
            </Button>
            <Button type="submit" disabled={changes.length === 0} busy={save.isPending}>
              Save Wallet Addresses
            </Button>
          </div>
        </div>
      </Card>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={changes.length === 1 ? 'Change this receiving address?' : 'Change these receiving addresses?'}
        description={
          <>
            <p>
              Customers send their money to these addresses. Check every character of each new address: money sent to a
              wrong address cannot be recovered.
            </p>
            <ChangeList changes={changes} />
          </>
        }
        confirmLabel="Confirm"
        busy={save.isPending}
        onConfirm={confirm}
      />
    </form>
  );
}
