import { Secret, TOTP } from 'otpauth';
import type { AuthGateway, Identity } from '../../src/core/ports/authGateway';
import { needsCode } from '../../src/core/ports/authGateway';
import { WRONG_CODE } from '@shared/domain/access';
import { AppError } from '@shared/result';

/**
 * A stand-in of the auth gateway that enforces a TOTP second factor, for tests only (it lives here,
 * never in src/, and the packaging check refuses an app.asar whose main bundle names it). The
 * Firebase Auth emulator cannot enrol a TOTP factor, so the multi-factor sign-in path is tested
 * against this: it lets the real gateway check the password, then asks for the code of an
 * authenticator app holding `secret` (RFC 6238: SHA-1, 30-second steps, 6 digits, one step of drift
 * either way, computed by otpauth) before handing the identity to the session, as Firebase does with
 * `auth/multi-factor-auth-required`. A test gives it to the composition root as
 * `startMainServices({ ..., ports: { auth: (gateway) => totpStandIn(gateway, SECRET) } })`.
 */

const authenticator = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

/** The 6-digit code an authenticator app holding `secret` (base32) shows at `timeMs`. */
export const totpCode = (secret: string, timeMs: number): string => authenticator(secret).generate({ timestamp: timeMs });

export const TOTP_STAND_IN_FACTOR = 'Authenticator app (test stand-in)';

export function totpStandIn(inner: AuthGateway, secret: string, now: () => number = Date.now): AuthGateway {
  const totp = authenticator(secret);
  const codeFits = (code: string) => totp.validate({ token: code.trim(), timestamp: now(), window: 1 }) !== null;
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
        if (!codeFits(code)) throw new AppError('VALIDATION', WRONG_CODE);
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
