import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { checkWalletAddress, coins, walletChanges, type Coin, type WalletAddresses, type WalletChange } from '@shared/domain/wallets';
import { walletSaveInputSchema } from '@shared/schemas/settings';
import { Field } from '../../../components/form/Field';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { inputClasses } from '../../../components/ui/Input';
import { Label } from '../../../components/ui/Label';
import { cn } from '../../../lib/cn';
import { useWhyNot } from '../../../lib/role';
import { zodMessages } from '../../../lib/zod-messages';
import { storedWallets } from '../api/wallets';

export type StoredAddresses = Record<Coin, string | null>;

/** What each input expects, under its label. */
const hints: Record<Coin, string> = {
  BITCOIN: 'Bitcoin address: bc1…, 1… or 3…',
  ETHEREUM: 'Ethereum address: 0x followed by 40 hex characters',
  USDT: 'Ethereum or Tron address (0x… or T…)',
  TRON: 'Tron address: T…, 34 characters',
  LITECOIN: 'Litecoin address: ltc1…, L…, M… or 3…'
};

const fromStored = (stored: StoredAddresses) => Object.fromEntries(coins.map((c) => [c, stored[c] ?? ''])) as WalletAddresses;

type WalletValues = { addresses: WalletAddresses };

/**
 * Each address checked for its coin by the domain's checkWalletAddress (its sentences are the
 * messages), then by the contract's wallets.save input (without the operationId the call adds).
 */
const walletSchema = z
  .object({ addresses: z.object(Object.fromEntries(coins.map((c) => [c, z.string()])) as Record<Coin, z.ZodString>) })
  .superRefine(({ addresses }, ctx) => {
    for (const coin of coins) {
      const message = checkWalletAddress(coin, addresses[coin]);
      if (message) ctx.addIssue({ code: 'custom', path: ['addresses', coin], message });
    }
  })
  .pipe(walletSaveInputSchema.omit({ operationId: true }));

const resolver = zodResolver(walletSchema);

/** The coins the save would change; an empty box where nothing was stored is no change. */
const pendingChanges = (stored: StoredAddresses, values: WalletAddresses) =>
  walletChanges(stored, values).filter((c) => !(c.before === null && c.after === ''));

function Address({ value }: { value: string | null }) {
  if (value === null) return <span className="text-slate-500 italic">not set</span>;
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
  const { register, handleSubmit, watch, reset, setFocus, getValues, formState } = useForm<WalletValues>({
    defaultValues: { addresses: fromStored(stored) },
    resolver,
    // The first wrong address in the coins' order takes the focus (onInvalid below).
    shouldFocusError: false
  });
  // A stored address that is already wrong is flagged at once (until the changes are discarded).
  const [flagStored, setFlagStored] = useState(true);
  const [confirming, setConfirming] = useState(false);
  const save = storedWallets.useSave();
  // Receiving addresses are configuration (admin and owner): other roles read them, with no Save.
  const whyNot = useWhyNot('configure');

  const values = watch('addresses');
  const problems = zodMessages(walletSchema, { addresses: values });
  const changes = pendingChanges(stored, values);
  const changed = new Set(changes.map((c) => c.coin));
  const storedWrong = (coin: Coin) => stored[coin] !== null && checkWalletAddress(coin, stored[coin]) !== null;
  const shown = (coin: Coin) => formState.isSubmitted || formState.touchedFields.addresses?.[coin] || (flagStored && storedWrong(coin));
  const problemOf = (coin: Coin) => (shown(coin) ? (problems[`addresses.${coin}`] ?? null) : null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (changes.length === 0 || save.isPending || whyNot) return;
    void handleSubmit(
      () => setConfirming(true),
      () => {
        const firstInvalid = coins.find((c) => problems[`addresses.${c}`]);
        if (firstInvalid) setFocus(`addresses.${firstInvalid}`);
      }
    )(event);
  };

  const discard = () => {
    reset({ addresses: fromStored(stored) });
    setFlagStored(false);
  };

  const confirm = () => {
    const current = getValues('addresses');
    const trimmed = Object.fromEntries(coins.map((c) => [c, current[c].trim()])) as WalletAddresses;
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
                <Field id={id} hint={hints[coin]} error={problem} size="xs" className="min-w-0">
                  {(control) => (
                    <input
                      {...control}
                      type="text"
                      autoComplete="off"
                      autoCapitalize="off"
                      autoCorrect="off"
                      spellCheck={false}
                      readOnly={save.isPending || whyNot !== null}
                      placeholder={stored[coin] === null ? 'Not set' : undefined}
                      {...register(`addresses.${coin}`)}
                      className={cn(inputClasses, 'font-mono text-[13px] tracking-tight')}
                    />
                  )}
                </Field>
              </div>
            );
          })}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-4 border-t border-slate-200 bg-slate-50/60 px-5 py-4">
          <p className="text-sm text-slate-500" role="status">
            {whyNot ??
              (changes.length === 0
                ? 'No changes.'
                : `${changes.length} ${changes.length === 1 ? 'address' : 'addresses'} changed: ${changes.map((c) => c.coin).join(', ')}.`)}
          </p>
          <div className={cn('flex items-center gap-3', whyNot && 'hidden')}>
            <Button variant="ghost" disabled={changes.length === 0 || save.isPending} onClick={discard}>
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
            <p>Customers send their money to these addresses. Check every character of each new address: money sent to a wrong address cannot be recovered.</p>
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
