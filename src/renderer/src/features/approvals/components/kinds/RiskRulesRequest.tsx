import { addressKey, type BlockedAddress } from '@shared/domain/riskRules';
import { api, call } from '../../../../lib/api';
import { formatMoney } from '../../../../lib/format';
import { record, same, storedChange, type ChangeRow } from './parts';

const amounts = [
  ['cap24h', '24-hour cap', "Each customer's own withdrawal limit"],
  ['cap30d', '30-day cap', "4 times each customer's withdrawal limit"],
  ['stepUpAbove', 'Password asked for approvals above', '—']
] as const;

const money = (value: unknown, none: string) => (typeof value === 'number' ? formatMoney(value) : none);

const blockedList = (value: unknown): BlockedAddress[] =>
  Array.isArray(value) ? value.filter((entry): entry is BlockedAddress => typeof record(entry).address === 'string') : [];

const addresses = (count: number) => (count === 1 ? '1 address' : `${count} addresses`);

/** The caps and the step-up amount now against the request's, and the blocked addresses it adds or removes. */
function ruleRows(now: Record<string, unknown>, asked: Record<string, unknown>): ChangeRow[] {
  const was = blockedList(now.blockedAddresses);
  const will = blockedList(asked.blockedAddresses);
  const wasKeys = new Set(was.map((entry) => addressKey(entry.address)));
  const willKeys = new Set(will.map((entry) => addressKey(entry.address)));
  const added = will.filter((entry) => !wasKeys.has(addressKey(entry.address)));
  const removed = was.filter((entry) => !willKeys.has(addressKey(entry.address)));
  return [
    ...amounts.map(([field, label, none]) => ({
      label,
      now: money(now[field], none),
      after: money(asked[field], none),
      changed: !same(now[field], asked[field])
    })),
    {
      label: 'Blocked addresses',
      now: addresses(was.length),
      after: (
        <>
          {addresses(will.length)}
          {(added.length > 0 || removed.length > 0) && (
            <ul className="mt-1 space-y-0.5 text-xs font-normal">
              {added.map((entry) => (
                <li key={`+${entry.address}`}>
                  Blocks <span className="font-mono break-all">{entry.address}</span> ({entry.reason})
                </li>
              ))}
              {removed.map((entry) => (
                <li key={`-${entry.address}`}>
                  Unblocks <span className="font-mono break-all">{entry.address}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      ),
      changed: !same(was, will)
    }
  ];
}

/** Saving the risk rules: the caps and the step-up amount now against the request's, and the blocked addresses it adds or removes. */
export const RiskRulesRequest = storedChange({
  title: 'Risk rules',
  read: () => call(() => api().riskRules.get({})),
  rows: (stored, decision) => ruleRows(record(stored), record(decision.rules))
});
