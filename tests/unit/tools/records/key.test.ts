import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readSigningKey, signText } from '../../../../server/platform/recordsSigning';
import { generateText } from '../../../../tools/records/key';
import { checkEd25519 } from '../../../../tools/records/verify';

describe('npm run records-key -- generate', () => {
  it('prints a new private key for the secret and the public key it signs for, and how to publish it', () => {
    const text = generateText();
    const pem = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----/.exec(text)![0];
    const publicKey = /^Public key: ([0-9a-f]{64})$/m.exec(text)![1]!;
    const key = readSigningKey(pem);
    expect(key.publicKey).toBe(publicKey);
    expect(checkEd25519('a day', signText(key, 'a day'), publicKey)).toBe(true);
    expect(text).toContain('firebase functions:secrets:set RECORDS_SIGNING_KEY');
    expect(text).toContain(`npm run records-key -- publish ${publicKey}`);
  });

  it('prints another key each time', () => {
    expect(generateText()).not.toBe(generateText());
  });

  it('refuses a key that is not Ed25519, saying which kind it is', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' });
    expect(() => readSigningKey(String(rsa))).toThrow('The records signing key is a rsa key; the digests are signed with Ed25519 only.');
  });
});
