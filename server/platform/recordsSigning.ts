// The platform's records signing key (docs/operations/records.md): an Ed25519 key kept as a secret
// (RECORDS_SIGNING_KEY), as a PKCS8 PEM or as the raw 32-byte seed in hex. Only the platform's daily
// digest run reads it; the public half is published in settings and written into each digest.
import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

/** The DER prefix of an Ed25519 private key (RFC 8410) before its 32-byte seed. */
const ED25519_PKCS8 = Buffer.from('302e020100300506032b657004220420', 'hex');

export class SigningKeyError extends Error {}

export interface SigningKey {
  key: KeyObject;
  /** The raw 32-byte public key, hex: what settings, the digest and the auditor hold. */
  publicKey: string;
}

/** The raw public key of an Ed25519 private key, as hex. */
const rawPublicKey = (key: KeyObject): string => {
  const jwk = key.export({ format: 'jwk' });
  return Buffer.from(String(jwk.x), 'base64url').toString('hex');
};

/**
 * Reads the secret's value; refuses in words when it is missing or not an Ed25519 key, so a platform
 * that deployed without setting it learns what to do from the function's log.
 */
export function readSigningKey(secret: string | undefined): SigningKey {
  const text = (secret ?? '').trim();
  if (!text) {
    throw new SigningKeyError(
      'The records signing key is not set, so no daily digest is signed. Create one with `npm run records-key -- generate`, store its private key as the secret RECORDS_SIGNING_KEY and publish its public key (docs/operations/records.md).'
    );
  }
  let key: KeyObject;
  try {
    key = /^[0-9a-fA-F]{64}$/.test(text)
      ? createPrivateKey({ key: Buffer.concat([ED25519_PKCS8, Buffer.from(text, 'hex')]), format: 'der', type: 'pkcs8' })
      : createPrivateKey({ key: text, format: 'pem' });
  } catch {
    throw new SigningKeyError(
      'The records signing key is neither a PKCS8 PEM private key nor a 64-digit hex seed: generate one with `npm run records-key -- generate`.'
    );
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new SigningKeyError(`The records signing key is a ${String(key.asymmetricKeyType)} key; the digests are signed with Ed25519 only.`);
  }
  return { key, publicKey: rawPublicKey(key) };
}

/** Ed25519 over the text's UTF-8 bytes, hex (what tools/records/verify.ts checks). */
export const signText = (key: SigningKey, text: string): string => sign(null, Buffer.from(text), key.key).toString('hex');

/** A new key pair: the private key as PEM for the secret, the public key as hex for settings. */
export function generateSigningKey(): { privatePem: string; publicKey: string } {
  const { privateKey } = generateKeyPairSync('ed25519');
  return { privatePem: String(privateKey.export({ format: 'pem', type: 'pkcs8' })), publicKey: rawPublicKey(privateKey) };
}
