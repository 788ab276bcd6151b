import { createHmac } from 'node:crypto';
import { WRONG_CODE } from '../../shared/domain/access';
import { AppError } from '../../shared/result';
import type { AuthGateway, Identity } from '../app/ports/authGateway';
import { needsCode } from '../app/ports/authGateway';

/**
 * FOR TESTS ONLY. The Firebase Auth emulator cannot enrol a TOTP factor, so the multi-factor
 * sign-in path is tested against this stand-in of the auth gateway: it lets the real gateway check
 * the password, then asks for the code of an authenticator app holding `secret` (RFC 6238: SHA-1,
 * 30-second steps, 6 digits, one step of drift either way) before handing the identity to the
 * session, exactly as Firebase does with `auth/multi-factor-auth-required`. compose.ts uses it only
 * in demo mode (the emulators) and only when LEDGERDESK_TEST_TOTP_SECRET is set.
 */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Bytes(secret: string): Buffer {
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error('A TOTP secret is base32 (A-Z, 2-7).');
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The 6-digit code an authenticator app holding `secret` shows at `timeMs`. */
export function totpCode(secret: string, timeMs: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(timeMs / 30_000)));
  const digest = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0xf;
  const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}

const codeFits = (secret: string, code: string, now: number) => [-30_000, 0, 30_000].some((drift) => totpCode(secret, now + drift) === code.trim());

export const TOTP_STAND_IN_FACTOR = 'Authenticator app (test stand-in)';

export function totpStandIn(inner: AuthGateway, secret: string, now: () => number = Date.now): AuthGateway {
  /**
   * A password step the code must follow (signing in, confirming the password): what the password
   * step passed, kept until a right code takes it; a wrong code leaves it for another try.
   */
  const codeStep = <T>() => {
    let passed: T | null = null;
    return {
      ask(value: T) {
        passed = value;
        return { codeRequired: { factor: TOTP_STAND_IN_FACTOR } };
      },
      complete(code: string): T {
        if (passed === null) throw new AppError('CONFLICT', 'Start again with your password: the code is asked for after it.');
        if (!codeFits(secret, code, now())) throw new AppError('VALIDATION', WRONG_CODE);
        const value = passed;
        passed = null;
        return value;
      },
      clear() {
        passed = null;
      }
    };
  };
  const signingIn = codeStep<Identity>();
  const confirming = codeStep<true>();
  return {
    async signIn(email, password) {
      signingIn.clear();
      const answer = await inner.signIn(email, password);
      return needsCode(answer) ? answer : signingIn.ask(answer);
    },
    async completeSignIn(code) {
      return signingIn.complete(code);
    },
    async reauthenticate(email, password) {
      const answer = await inner.reauthenticate(email, password);
      return needsCode(answer) ? answer : confirming.ask(true);
    },
    async completeReauthentication(code) {
      confirming.complete(code);
    },
    async signOut() {
      signingIn.clear();
      confirming.clear();
      await inner.signOut();
    }
  };
}
