import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Field } from '../../../components/form/Field';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { HeaderRow } from '../../../components/ui/HeaderRow';
import { Input } from '../../../components/ui/Input';
import { formatCount } from '../../../lib/format';
import { newAddressProblem, type RulesDraft } from '../rules-draft';

type Entries = RulesDraft['blockedAddresses'];

const blockedColumns = [
  { label: 'Address', className: 'px-5 font-medium' },
  { label: 'Reason', className: 'px-3 font-medium' },
  { label: 'Remove', className: 'w-24 px-5', hidden: true }
];

/**
 * Addresses no payout may go to (docs/product-rules.md §5.8), each with its reason: approving a
 * withdrawal to one (whatever its letter case) needs an override reason.
 */
export function BlockedAddresses({
  entries,
  onChange,
  problem,
  disabled
}: {
  entries: Entries;
  onChange: (next: Entries) => void;
  problem?: string;
  disabled: boolean;
}) {
  const [address, setAddress] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const adding = newAddressProblem(entries, address, reason);
  const add = () => {
    setTried(true);
    if (adding) return;
    onChange([...entries, { address: address.trim(), reason: reason.trim() }]);
    setAddress('');
    setReason('');
    setTried(false);
  };
  return (
    <Card>
      <div className="border-b border-slate-100 px-5 py-4">
        <h2 className="text-sm font-semibold text-slate-900">Blocked addresses ({formatCount(entries.length)})</h2>
        <p className="mt-0.5 text-sm text-slate-500">
          A withdrawal to one of these, in any letter case, is refused unless the approval gives an override reason. Bulk approvals leave such withdrawals out.
        </p>
      </div>
      {entries.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-500">No address is blocked.</p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">Blocked addresses</caption>
          <thead>
            <HeaderRow columns={blockedColumns} cellClassName="py-2" className="text-left text-xs font-medium tracking-wide text-slate-500 uppercase" />
          </thead>
          <tbody className="divide-y divide-slate-100">
            {entries.map((entry) => (
              <tr key={entry.address}>
                <td className="px-5 py-2.5 font-mono text-xs break-all text-slate-800">{entry.address}</td>
                <td className="px-3 py-2.5 text-slate-700">{entry.reason}</td>
                <td className="px-5 py-2.5 text-right">
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={disabled}
                    onClick={() => onChange(entries.filter((other) => other !== entry))}
                    aria-label={`Unblock ${entry.address}`}
                  >
                    <Trash2 aria-hidden />
                    Remove
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="grid gap-3 border-t border-slate-100 px-5 py-4 md:grid-cols-[1fr_1fr_auto] md:items-start">
        <Field label="Address to block" error={tried ? (address.trim() ? null : adding) : null}>
          {(control) => (
            <Input
              {...control}
              className="font-mono"
              spellCheck={false}
              value={address}
              disabled={disabled}
              onChange={(event) => setAddress(event.target.value)}
            />
          )}
        </Field>
        <Field label="Reason" error={tried && address.trim() ? adding : null}>
          {(control) => (
            <Input
              {...control}
              value={reason}
              disabled={disabled}
              maxLength={200}
              placeholder="e.g. mixer service, reported stolen funds"
              onChange={(event) => setReason(event.target.value)}
              onKeyDown={(event) => event.key === 'Enter' && add()}
            />
          )}
        </Field>
        <Button variant="secondary" className="md:mt-7" disabled={disabled} onClick={add}>
          <Plus aria-hidden />
          Add to the list
        </Button>
      </div>
      {problem && <p className="px-5 pb-4 text-sm text-rose-700">{problem}</p>}
    </Card>
  );
}
