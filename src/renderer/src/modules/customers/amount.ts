/**
 * The amount typed in Manage, parsed by us rather than by the browser: "150", "99.5" and "0.75"
 * are amounts; "abc", "1,2", "1e3", "-5" and "" are not, and nothing is sent for them.
 */
export type ParsedAmount = { ok: true; value: number } | { ok: false; message: string };

const PLAIN = /^\d+(\.\d+)?$|^\.\d+$/;

export function parseAmount(text: string): ParsedAmount {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: 'Enter an amount, for example 150 or 99.50.' };
  if (trimmed.includes(',')) {
    return { ok: false, message: 'Use a dot for decimals and no thousands separators, for example 1250.50.' };
  }
  if (!PLAIN.test(trimmed)) return { ok: false, message: 'Enter a number, for example 150 or 99.50.' };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { ok: false, message: 'Enter a number, for example 150 or 99.50.' };
  if ((trimmed.split('.')[1]?.length ?? 0) > 2) return { ok: false, message: 'Use at most two decimals (cents).' };
  if (value <= 0) return { ok: false, message: 'Enter an amount greater than zero.' };
  return { ok: true, value };
}
