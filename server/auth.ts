// Who may call the backend host: a Firebase ID token that belongs to a Ledgerdesk administrator, whose
// role (src/shared/domain/roles.ts) then decides which routes they may call.
import type { App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_REAUTH_WINDOW_MS, STEP_UP_REQUIRED } from '../src/shared/domain/access';
import { isAdministrator } from '../src/shared/domain/administrator';
import { forbiddenMessage, may, roleOf, type Capability, type Role } from '../src/shared/domain/roles';
import { codeOf } from './errors';

export interface VerifiedToken {
  uid: string;
  claims: Record<string, unknown>;
}

/** Rejects when the token is not acceptable; see the two error classes for how a rejection is answered. */
export interface TokenVerifier {
  verifyIdToken(token: string): Promise<VerifiedToken>;
}

/** The token was checked and refused; the message is shown to the caller as is. */
export class TokenRejectedError extends Error {}

/** The token could not be checked at all (network, credentials): the caller should retry, not sign in again. */
export class VerifierUnavailableError extends Error {}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireAdministrator once the caller is known to be an administrator (any role). */
    administrator: VerifiedToken | null;
  }
}

const INVALID = 'The sign-in token is not valid. Sign in again.';

// Firebase's codes for "this token is no good", as opposed to "we could not find out".
const REJECTED: Record<string, string> = {
  'auth/id-token-expired': 'The sign-in token has expired. Sign in again.',
  'auth/id-token-revoked': 'The sign-in token has been revoked. Sign in again.',
  'auth/user-disabled': 'This account has been disabled.',
  'auth/user-not-found': 'This account no longer exists.',
  'auth/argument-error': INVALID,
  'auth/invalid-argument': INVALID,
  'auth/invalid-id-token': INVALID
};

/** The real verifier, on the host's firebase-admin app. Honours FIREBASE_AUTH_EMULATOR_HOST, as firebase-admin always does. */
export function createFirebaseVerifier(app: App): TokenVerifier {
  const auth = getAuth(app);
  return {
    async verifyIdToken(token) {
      try {
        // checkRevoked: a signed-out or disabled administrator must stop sending mail at once, not within the hour.
        const decoded = await auth.verifyIdToken(token, true);
        return { uid: decoded.uid, claims: { ...decoded } };
      } catch (err) {
        const code = codeOf(err);
        if (typeof code === 'string' && code in REJECTED) throw new TokenRejectedError(REJECTED[code]);
        throw new VerifierUnavailableError(err instanceof Error ? err.message : String(err));
      }
    }
  };
}

const refuse = (reply: FastifyReply, status: number, error: string) => {
  if (status === 401) void reply.header('www-authenticate', 'Bearer');
  return reply.code(status).send({ error });
};

/**
 * An onRequest hook: runs before the body is parsed, so strangers cannot make us read a large body.
 * Any rejection from the verifier counts as 401 unless it says the verifier itself is unavailable.
 * Every role passes (a configured adminUid still narrows to that one account); each route then asks
 * for the capability it needs (requireCapability).
 */
export function requireAdministrator(verifier: TokenVerifier, adminUid: string | null | undefined, log: (line: string) => void) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> => {
    const header = request.headers.authorization;
    if (!header) return refuse(reply, 401, "Sign in first: this request needs the header 'Authorization: Bearer <Firebase ID token>'.");
    const match = /^Bearer +(\S+)\s*$/i.exec(header);
    if (!match?.[1]) return refuse(reply, 401, "The Authorization header must read 'Bearer <Firebase ID token>'.");
    let token: VerifiedToken;
    try {
      token = await verifier.verifyIdToken(match[1]);
    } catch (err) {
      if (err instanceof VerifierUnavailableError) {
        log(`token verification unavailable: ${err.message}`);
        return refuse(reply, 503, 'The backend host could not check the sign-in token right now. Try again shortly.');
      }
      return refuse(reply, 401, err instanceof TokenRejectedError ? err.message : INVALID);
    }
    // An empty configured uid names nobody.
    if (!isAdministrator(token, { adminUid: adminUid || null })) return refuse(reply, 403, 'This account is not the Ledgerdesk administrator.');
    request.administrator = token;
  };
}

/** The caller's role, once requireAdministrator let them in. */
export const roleOfCaller = (request: FastifyRequest): Role | null => (request.administrator ? roleOf(request.administrator.claims) : null);

/** The 403 a role's refusal is answered with; the desktop reads `code` as its own FORBIDDEN. */
export const forbiddenBody = (role: Role, capability: Capability) => ({ error: forbiddenMessage(role, capability), code: 'FORBIDDEN' as const });

/**
 * An onRequest hook after requireAdministrator: the caller's role must hold the capability, the same
 * one the desktop's contract names for the call (src/shared/contract.ts), so a token used outside
 * the app is held to the same role.
 */
export function requireCapability(capability: Capability) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> => {
    const role = roleOfCaller(request);
    if (role === null) return refuse(reply, 403, 'This account is not a Ledgerdesk administrator.');
    if (!may(role, capability)) return reply.code(403).send(forbiddenBody(role, capability));
  };
}

/**
 * An onRequest hook after requireAdministrator, for the riskiest routes (deletion, suspension and
 * lifting it): the administrator's password must have been typed within the step-up window
 * (docs/product-rules.md §11.2), read from the ID token's auth_time, which a sign-in or a
 * reauthentication renews. A token taken from a signed-in computer is refused past it, whatever the
 * desktop app would have asked. The 401 carries `code: STEP_UP_REQUIRED`, which Ledgerdesk answers
 * with its password prompt. A window above 5 minutes counts as 5 minutes, as in the app.
 */
export function requireRecentPassword({ stepUpWindowMs, now = Date.now }: { stepUpWindowMs?: number; now?: () => number }) {
  const windowMs = Math.min(stepUpWindowMs ?? DEFAULT_REAUTH_WINDOW_MS, DEFAULT_REAUTH_WINDOW_MS);
  const span = windowMs % 60_000 === 0 ? `${windowMs / 60_000} minute${windowMs === 60_000 ? '' : 's'}` : `${Math.ceil(windowMs / 1000)} seconds`;
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> => {
    const authTime = request.administrator?.claims.auth_time;
    if (typeof authTime === 'number' && now() - authTime * 1000 <= windowMs) return;
    void reply.header('www-authenticate', 'Bearer');
    return reply.code(401).send({
      error: `Confirm your password to continue: this change needs it typed within the last ${span}.`,
      code: STEP_UP_REQUIRED
    });
  };
}
