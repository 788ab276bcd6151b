import Papa from 'papaparse';
import type { AuditRow, CompoundInvestmentRow, DepositRow, DriftedCustomerRow, InvestmentRow, ReferralRow, CustomerRow, WithdrawalRow } from '../contract';
import { adjustableFields, fieldLabels } from '../domain/users';

/**
 * CSV exports: one column list per screen, written by papaparse so quotes, commas and newlines are
 * quoted. Cells a spreadsheet would run as a formula are neutralised here, by `csvCell`, not by
 * papaparse's own `escapeFormulae`: its pattern (/^[=+\-@\t\r].*$/) has no `s` flag, so a value
 * with a line break after the formula, such as "=HYPERLINK(...)\n", slips through unescaped.
 */
export interface ExportColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null;
  /** The value is an instant (ISO 8601): written in the file's zone, which its header names. */
  time?: true;
}

/**
 * The zone a file's times are written in: its name, said in each time column's header ("Created At
 * (Europe/Berlin)"), and how an instant is written in it (the renderer's isoInZone: ISO 8601 with
 * that zone's offset). Without one, times are written as stored.
 */
export interface CsvTimes {
  zone: string;
  write: (instant: string) => string;
}

/** First characters that make Excel, LibreOffice or Google Sheets read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell as it goes into the file. Text starting with = + - @, a tab or a carriage return gets a
 * leading `'` whatever follows (line breaks included), so it shows as text and never runs.
 *
 * Numbers are the one exception, on purpose: an amount of -5 that is a JavaScript number is
 * written as `-5` so the spreadsheet sums it. A finite number's text is only digits, a sign, a
 * point and an exponent, which no spreadsheet runs as anything but that number. The same
 * characters stored as text (a deposit whose amount is the string "-5", shown through amountRaw)
 * are text from a customer and are escaped like any other text. A number that is not finite
 * (NaN, -Infinity) is written as its text and escaped too.
 */
export function csvCell(value: string | number | boolean | null | undefined): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'boolean') return value;
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A file's header row: a time column names the file's zone, "Created At (UTC)". */
export const csvHeaders = <Row>(columns: ExportColumn<Row>[], zone?: string): string[] =>
  columns.map((c) => (c.time && zone ? `${c.header} (${zone})` : c.header));

export function toCsv<Row>(columns: ExportColumn<Row>[], rows: Row[], times?: CsvTimes): string {
  const value = (c: ExportColumn<Row>, row: Row) => {
    const raw = c.value(row);
    return c.time && times && typeof raw === 'string' ? times.write(raw) : raw;
  };
  return Papa.unparse(
    {
      fields: csvHeaders(columns, times?.zone).map((header) => String(csvCell(header))),
      data: rows.map((row) => columns.map((c) => csvCell(value(c, row))))
    },
    // escapeFormulae off: csvCell has already done it, for every value papaparse would miss too.
    { escapeFormulae: false, newline: '\r\n', quotes: false }
  );
}

/** A column that shows one field as it is, for every row type that has the field. */
const field = <Key extends string>(header: string, key: Key): ExportColumn<Record<Key, string | number | null>> => ({
  header,
  value: (row) => row[key]
});

/** A column of instants, written in the file's zone. */
const time = <Row>(header: string, value: (row: Row) => string | null): ExportColumn<Row> => ({ header, value, time: true });

// Columns several lists share.
const email = field('Email', 'email');
const username = field('Name', 'username');
const plan = field('Plan', 'plan');
const status = field('Status', 'status');
const createdAt = time<{ createdAt: string | null }>('Created At', (r) => r.createdAt);
const id = field('ID', 'id');
// The chain transaction that paid a deposit in or a withdrawal out (docs/product-rules.md §5.6), lower-cased as stored.
const txid = field('Txid', 'txid');
const amount: ExportColumn<{ amount: number | null; amountRaw: string | null }> = {
  header: 'Amount',
  value: (row) => row.amount ?? row.amountRaw ?? ''
};

export const exportColumns = {
  users: [
    { header: 'Name', value: (r) => r.fullname },
    email,
    // The figures under the names Manage uses for them.
    ...adjustableFields.map((figure) => field(fieldLabels[figure], figure)),
    { header: 'Verified', value: (r) => (r.verified ? 'Yes' : 'No') },
    time('Registered', (r) => r.timestamp),
    id
  ] satisfies ExportColumn<CustomerRow>[],
  deposits: [
    email,
    username,
    { header: 'Method', value: (r) => r.method },
    amount,
    time('Timestamp', (r) => r.timestamp),
    status,
    { header: 'Investment ID', value: (r) => r.investmentId },
    txid,
    id
  ] satisfies ExportColumn<DepositRow>[],
  withdrawals: [
    email,
    username,
    amount,
    { header: 'Crypto Type', value: (r) => r.cryptoType },
    { header: 'Wallet Address', value: (r) => r.walletAddress },
    status,
    createdAt,
    txid,
    id
  ] satisfies ExportColumn<WithdrawalRow>[],
  investments: [
    email,
    plan,
    { header: 'ROI (%)', value: (r) => r.roi },
    { header: 'Duration (days)', value: (r) => r.duration },
    amount,
    createdAt,
    // Empty where the maturity cannot be told (the screen says why).
    time('Matures', (r) => r.maturesAt),
    { header: 'ROI Due', value: (r) => r.roiDue },
    status,
    time('Paid Out', (r) => r.paidOutAt),
    id
  ] satisfies ExportColumn<InvestmentRow>[],
  compoundInvestments: [
    email,
    plan,
    amount,
    { header: 'Pay Type', value: (r) => r.paytype },
    status,
    time('Start', (r) => r.startAt),
    time('End', (r) => r.endAt),
    id
  ] satisfies ExportColumn<CompoundInvestmentRow>[],
  referrals: [
    { header: 'Referrer Name', value: (r) => r.referrerName },
    { header: 'Client Name', value: (r) => r.clientName },
    { header: 'Client Email', value: (r) => r.clientEmail },
    { header: 'Client Status', value: (r) => r.clientStatus },
    time('Date Registered', (r) => r.timestamp)
  ] satisfies ExportColumn<ReferralRow>[],
  audit: [
    time('Time', (r) => r.at),
    { header: 'Kind', value: (r) => r.kind },
    { header: 'Action', value: (r) => r.action },
    { header: 'Record', value: (r) => r.entityPath },
    { header: 'Summary', value: (r) => r.summary },
    { header: 'Before', value: (r) => JSON.stringify(r.before) },
    { header: 'After', value: (r) => JSON.stringify(r.after) },
    { header: 'Notes', value: (r) => r.notes.join(' | ') },
    { header: 'Reason', value: (r) => r.reason },
    { header: 'Override reason', value: (r) => r.overrideReason },
    // Access entries: when a sign-in or sign-out happened (Time is when it was written) and its result.
    time('Happened', (r) => r.access?.occurredAt ?? null),
    { header: 'Result', value: (r) => r.access?.result ?? null },
    { header: 'Administrator', value: (r) => r.adminEmail }
  ] satisfies ExportColumn<AuditRow>[],
  // A reconciliation run's drifted customers: each figure stored, explained by records and adjustments, and left over (dollars).
  drifted: [
    { header: 'Customer ID', value: (r) => r.userId },
    { header: 'Name', value: (r) => r.fullname },
    { header: 'Email', value: (r) => r.email },
    ...(['Totaldeposit', 'Totalwithdrawal', 'Totalwithdrawals'] as const).flatMap((figure): ExportColumn<DriftedCustomerRow>[] => {
      const of = (r: DriftedCustomerRow) => r.figures.find((f) => f.figure === figure);
      return [
        { header: `${figure} Stored`, value: (r) => of(r)?.stored ?? null },
        { header: `${figure} From Records`, value: (r) => of(r)?.records ?? null },
        { header: `${figure} Adjustments`, value: (r) => of(r)?.adjustments ?? null },
        { header: `${figure} Unexplained`, value: (r) => of(r)?.drift ?? null },
        { header: `${figure} Not Summed`, value: (r) => of(r)?.unsummable ?? null }
      ];
    })
  ] satisfies ExportColumn<DriftedCustomerRow>[]
};
