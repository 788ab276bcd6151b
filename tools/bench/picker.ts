// What the read-all way of the webmail picker filters in memory, and a realistic thing to type.

/** What a picker holding every user would show: e-mail or name starting with the text, any case. */
export function matchesInMemory(raw: string, user: { email?: unknown; fullname?: unknown }): boolean {
  const text = raw.trim().toLowerCase();
  const starts = (v: unknown) => typeof v === 'string' && v.toLowerCase().startsWith(text);
  return starts(user.email) || starts(user.fullname);
}

/**
 * A realistic thing to type: the first letters of an existing address, taken from the first one at
 * or after `from` (wrapping around) whose address starts with that many letters.
 */
export function typedPrefix(emails: readonly string[], from = 0, letters = 4): string {
  const starts = new RegExp(`^[a-z]{${letters}}`, 'i');
  for (let k = 0; k < emails.length; k++) {
    const email = emails[(from + k) % emails.length]!;
    if (starts.test(email)) return email.slice(0, letters).toLowerCase();
  }
  throw new Error(`No e-mail address starts with ${letters} letters.`);
}
