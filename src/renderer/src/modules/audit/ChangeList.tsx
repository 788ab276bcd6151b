import { formatMoney, MISSING } from '../../lib/format';

/** Fields that hold dollars: shown as money, never as bare numbers. */
const moneyFields = new Set([
  'amount',
  'balance',
  'Totaldeposit',
  'Totalwithdrawal',
  'Totalwithdrawals',
  'totalearnings',
  'TotalBonus',
  'withdrawalLimit',
  'min',
  'max'
]);

const fieldLabels: Record<string, string> = {
  Totaldeposit: 'Total deposit',
  Totalwithdrawal: 'Total withdrawal',
  Totalwithdrawals: 'Total withdrawals',
  totalearnings: 'Total earnings',
  TotalBonus: 'Total bonus',
  withdrawalLimit: 'Withdrawal limit',
  withdrawalFeePercentage: 'Withdrawal fee (%)',
  balance: 'Balance',
  amount: 'Amount',
  status: 'Status',
  verified: 'Verified',
  roi: 'ROI (%)',
  duration: 'Duration (days)'
};

/** 'users/abc.Totaldeposit' -> { doc: 'users/abc', field: 'Totaldeposit' } */
export function splitChangeKey(key: string): { doc: string; field: string } {
  const slash = key.lastIndexOf('/');
  const dot = key.indexOf('.', slash + 1);
  return dot < 0 ? { doc: key, field: '' } : { doc: key.slice(0, dot), field: key.slice(dot + 1) };
}

export function formatChangeValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return MISSING;
  if (typeof value === 'number') return moneyFields.has(field) ? formatMoney(value) : String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value;
  const json = JSON.stringify(value);
  return json.length > 60 ? `${json.slice(0, 57)}…` : json;
}

const shortDoc = (doc: string) => {
  const [collection, id = ''] = doc.split('/');
  return `${collection}/${id.length > 8 ? `${id.slice(0, 6)}…` : id}`;
};

/** One block per document an entry touched, one "Total deposit: $100.00 → $223.45" line per field. */
export function ChangeList({ before, after }: { before: Record<string, unknown>; after: Record<string, unknown> }) {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (keys.length === 0) return <span className="text-slate-500">{MISSING}</span>;
  const byDoc = new Map<string, string[]>();
  for (const key of keys) {
    const { doc } = splitChangeKey(key);
    byDoc.set(doc, [...(byDoc.get(doc) ?? []), key]);
  }
  return (
    <div className="space-y-2">
      {[...byDoc].map(([doc, docKeys]) => (
        <div key={doc}>
          <p className="font-mono text-[11px] text-slate-500" title={doc}>
            {shortDoc(doc)}
          </p>
          <ul>
            {docKeys.map((key) => {
              const { field } = splitChangeKey(key);
              return (
                <li key={key} className="text-xs/5 whitespace-nowrap">
                  <span className="text-slate-600">{fieldLabels[field] ?? (field || doc)}: </span>
                  <span className="text-slate-500 tabular-nums">{formatChangeValue(field, before[key])}</span>
                  <span aria-label="changed to" className="px-1 text-slate-500">
                    →
                  </span>
                  <span className="font-medium text-slate-900 tabular-nums">{formatChangeValue(field, after[key])}</span>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}
