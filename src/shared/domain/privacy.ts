/**
 * What may leave the administrator's computer in a log line, a copied error or a diagnostics export:
 * no e-mail address (customers' or the administrator's) and no secret. Record ids may stay: they
 * name what went wrong without saying who.
 */

export const EMAIL_MARK = '[email]';
export const SECRET_MARK = '[secret]';

// An address, also as a URL writes it (%40): the local part allows what RFC 5322 mailboxes commonly use.
const email = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
// A JSON Web Token (Firebase ID tokens): three base64url parts, the first a JSON header.
const jwt = /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
// A Google API key (the Firebase web configuration's apiKey).
const googleKey = /\bAIza[0-9A-Za-z_-]{35}/g;
// An Authorization header's credentials.
const authorization = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
/** Names that hold a secret, as a field, a query parameter or a header. */
const secretNames = String.raw`(?:[A-Za-z_]*(?:token|password|passwd|secret|apiKey|api_key|privateKey|private_key|credential|authorization|cookie)[A-Za-z_]*)`;
// name=value in a URL or a command line (the browser mode's ?token=, a launch ?code=, any ?key=).
const secretParam = new RegExp(String.raw`\b(${secretNames}|key|code)=([^&\s"'#<>()]+)`, 'gi');
// "name": "value" in JSON, and name: value in a header or a message.
const secretField = new RegExp(String.raw`(["']?\b${secretNames}["']?\s*:\s*)("[^"]*"|'[^']*'|[^\s,;}&]+)`, 'gi');

/** The text with e-mail addresses and secrets replaced by marks; everything else as it was. */
export function scrubPersonalData(text: string): string {
  return text
    .replace(jwt, SECRET_MARK)
    .replace(googleKey, SECRET_MARK)
    .replace(authorization, (_match, scheme: string) => `${scheme} ${SECRET_MARK}`)
    .replace(secretParam, (_match, name: string) => `${name}=${SECRET_MARK}`)
    .replace(secretField, (_match, name: string, value: string) => `${name}${value.startsWith('"') ? `"${SECRET_MARK}"` : SECRET_MARK}`)
    .replace(email, EMAIL_MARK);
}

const secretKey = new RegExp(String.raw`^${secretNames}$`, 'i');

/**
 * A configuration (or any JSON value) fit to send: every field whose name holds a secret is replaced
 * by the mark, and every text scrubbed of addresses and secrets, at any depth.
 */
export function redactSecrets(value: unknown): unknown {
  if (typeof value === 'string') return scrubPersonalData(value);
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, secretKey.test(key) && inner !== null && inner !== '' ? SECRET_MARK : redactSecrets(inner)])
    );
  }
  return value;
}

/** Text cut to at most `max` characters, saying so, so a long stack still fits a bounded field. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const note = ' [cut]';
  return text.slice(0, Math.max(0, max - note.length)) + note;
}
