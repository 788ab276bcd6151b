// Idempotency keys for the backend host's two writes. A client sends `Idempotency-Key: <UUID>` with
// DELETE /api/deleteUser/{id} or POST /send-mail; the host records the key in Firestore
// (`backendOperations/{key}`, created with create(), which fails when the key is already there)
// before doing the work, and stores the answer afterwards, so one key deletes or sends at most once
// and every repeat of it gets the first answer again (the way payment APIs treat idempotency keys).
import { createHash } from 'node:crypto';
import type { App } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { codeOf, reasonOf } from './errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that repeats a stored one. */
export const REPLAYED_HEADER = 'idempotent-replayed';

/** A request still running after this long crashed or hung (the desktop client gives up after 20 s). */
export const LEASE_MS = 2 * 60_000;
/** How long a key is kept; `expireAt` lets a Firestore TTL policy delete older records. */
export const KEEP_MS = 30 * 24 * 60 * 60_000;

/**
 * running: the work started and has not answered (or the host crashed meanwhile);
 * done: the work happened, `status` and `body` are its answer, replayed to every repeat;
 * failed: the work was refused or failed without finishing, so the same key may run it again.
 */
export type OperationState = 'running' | 'done' | 'failed';

export interface OperationRecord {
  /** e.g. 'DELETE /api/deleteUser/:id'. */
  route: string;
  /** A hash of what was asked (route parameters and body), never the body itself. */
  fingerprint: string;
  adminUid: string;
  state: OperationState;
  startedAtMs: number;
  attempts: number;
  status: number | null;
  body: unknown;
  /** What an unfinished attempt already did, for the next attempt (e.g. the sign-in account is gone). */
  progress: Record<string, unknown>;
}

/** Where keys live; behind an interface so routes are tested with a fake. */
export interface OperationStore {
  /** Creates the record (state running) unless the key exists: null when created, else the stored record. */
  begin(key: string, record: OperationRecord): Promise<OperationRecord | null>;
  /**
   * In a transaction: when the record is still as `seen` (a failed or stale attempt), starts a new
   * attempt at nowMs and answers it; null when another request took it or it changed.
   */
  claim(key: string, seen: OperationRecord, nowMs: number): Promise<OperationRecord | null>;
  /** The work happened: store its answer for every repeat. */
  finish(key: string, status: number, body: unknown): Promise<void>;
  /** The work did not happen (or not all of it): the key may be sent again. */
  fail(key: string, progress: Record<string, unknown>): Promise<void>;
}

const uuid = z.uuid();

/**
 * The request's Idempotency-Key, lower-cased: null without one; an error sentence when it is not
 * one UUID (a repeated header arrives joined with commas and is refused too).
 */
export function idempotencyKeyOf(request: FastifyRequest): { key: string | null } | { error: string } {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return { key: null };
  const text = Array.isArray(value) ? value.join(',') : value;
  if (!uuid.safeParse(text.trim()).success) {
    return { error: 'The Idempotency-Key header must be one UUID, e.g. 3f2b8c1e-4d5a-4e6f-9a7b-8c9d0e1f2a3b.' };
  }
  return { key: text.trim().toLowerCase() };
}

/** Same request, same fingerprint: route and the values that decide what happens, in a fixed order. */
export const fingerprintOf = (parts: unknown[]): string => createHash('sha256').update(JSON.stringify(parts)).digest('hex');

export const KEY_REUSED = 'This Idempotency-Key was already used for a different request, so nothing was done. Use a new key for a new action.';
export const IN_PROGRESS =
  'A request with this Idempotency-Key is already in progress. Wait for it to finish, then send the same request again to get its answer.';
export const INTERRUPTED_SEND =
  'A send with this Idempotency-Key was interrupted and whether the e-mail went out is unknown, so it is not sent again. Send it with a new Idempotency-Key if it must go out.';
export const KEYS_UNAVAILABLE = 'The backend host could not record the Idempotency-Key right now, so nothing was done. Try again.';

/** What a route's work answers; `done` answers are stored and replayed, the others leave the key usable again. */
export interface Outcome {
  status: number;
  body: unknown;
  done: boolean;
  progress?: Record<string, unknown>;
}

export interface IdempotentCall {
  key: string | null;
  route: string;
  fingerprint: string;
  adminUid: string;
  /**
   * A request found running past its lease: 'retry' runs the work again (safe when repeating it
   * cannot do anything twice, as with deletion); 'refuse' answers 409 (a second e-mail could go out).
   */
  whenStale: 'retry' | 'refuse';
}

export interface IdempotencyDeps {
  operations: OperationStore;
  log: (line: string) => void;
  now?: () => number;
}

/** An answer, and whether it repeats the one stored under the key. */
export type Answer = Pick<Outcome, 'status' | 'body'> & { replayed: boolean };

/**
 * Runs `work` at most once per key and answers a repeat with the stored answer; without a key it just
 * runs. The same rule whoever asks: a route over HTTP (idempotent below) or the platform's own
 * delivery of a queued e-mail (server/platform/mailDelivery.ts).
 */
export async function runOnce(deps: IdempotencyDeps, call: IdempotentCall, work: (progress: Record<string, unknown>) => Promise<Outcome>): Promise<Answer> {
  const { key } = call;
  if (key === null) return { ...(await work({})), replayed: false };
  const { operations, log } = deps;
  const now = deps.now ?? Date.now;
  const fresh: OperationRecord = {
    route: call.route,
    fingerprint: call.fingerprint,
    adminUid: call.adminUid,
    state: 'running',
    startedAtMs: now(),
    attempts: 1,
    status: null,
    body: null,
    progress: {}
  };
  const refused = (status: number, error: string): Answer => ({ status, body: { error }, replayed: false });

  let progress: Record<string, unknown> = {};
  try {
    const stored = await operations.begin(key, fresh);
    if (stored !== null) {
      if (stored.route !== call.route || stored.fingerprint !== call.fingerprint) return refused(422, KEY_REUSED);
      if (stored.state === 'done') return { status: stored.status ?? 200, body: stored.body, replayed: true };
      if (stored.state === 'running') {
        if (now() - stored.startedAtMs < LEASE_MS) return refused(409, IN_PROGRESS);
        if (call.whenStale === 'refuse') return refused(409, INTERRUPTED_SEND);
      }
      const claimed = await operations.claim(key, stored, now());
      if (claimed === null) return refused(409, IN_PROGRESS);
      progress = claimed.progress;
    }
  } catch (err) {
    log(`idempotency key store failed: ${reasonOf(err)}`);
    return refused(503, KEYS_UNAVAILABLE);
  }

  // An unexpected throw leaves the key running: its lease decides, as for a crash.
  const outcome = await work(progress);
  try {
    if (outcome.done) await operations.finish(key, outcome.status, outcome.body);
    else await operations.fail(key, outcome.progress ?? progress);
  } catch (err) {
    // The work's answer still goes back; the key stays running until its lease ends.
    log(`idempotency key could not be closed: ${reasonOf(err)}`);
  }
  return { status: outcome.status, body: outcome.body, replayed: false };
}

/** runOnce for a route: the answer sent as the reply, a repeat marked with Idempotent-Replayed. */
export async function idempotent(
  deps: IdempotencyDeps,
  reply: FastifyReply,
  call: IdempotentCall,
  work: (progress: Record<string, unknown>) => Promise<Outcome>
): Promise<FastifyReply> {
  return sendAnswer(reply, await runOnce(deps, call, work));
}

/** An answer as a route's reply; a repeat of a stored one says so in Idempotent-Replayed. */
export function sendAnswer(reply: FastifyReply, answer: Answer): FastifyReply {
  if (answer.replayed) void reply.header(REPLAYED_HEADER, 'true');
  return reply.code(answer.status).send(answer.body);
}

// ---- The real store, on the host's firebase-admin app.

const ALREADY_EXISTS = 6;
const COLLECTION = 'backendOperations';

interface StoredShape {
  route: string;
  fingerprint: string;
  adminUid: string;
  state: OperationState;
  startedAt: Timestamp;
  attempts: number;
  status: number | null;
  /** The answer's JSON text, so it is replayed byte for byte. */
  responseBody: string | null;
  progress: Record<string, unknown>;
  updatedAt: Timestamp;
  expireAt: Timestamp;
}

const fromStored = (data: StoredShape): OperationRecord => ({
  route: data.route,
  fingerprint: data.fingerprint,
  adminUid: data.adminUid,
  state: data.state,
  startedAtMs: data.startedAt.toMillis(),
  attempts: data.attempts,
  status: data.status,
  body: data.responseBody === null ? null : (JSON.parse(data.responseBody) as unknown),
  progress: data.progress ?? {}
});

export function createFirestoreOperationStore(app: App, clock: () => number = Date.now): OperationStore {
  const db = getFirestore(app);
  const ref = (key: string) => db.collection(COLLECTION).doc(key);
  const stamps = () => ({ updatedAt: Timestamp.fromMillis(clock()), expireAt: Timestamp.fromMillis(clock() + KEEP_MS) });

  return {
    async begin(key, record) {
      const stored: StoredShape = {
        route: record.route,
        fingerprint: record.fingerprint,
        adminUid: record.adminUid,
        state: record.state,
        startedAt: Timestamp.fromMillis(record.startedAtMs),
        attempts: record.attempts,
        status: null,
        responseBody: null,
        progress: {},
        ...stamps()
      };
      // A record deleted (by a TTL policy) between create() and get() is simply created again.
      for (let tries = 0; tries < 3; tries++) {
        try {
          await ref(key).create(stored);
          return null;
        } catch (err) {
          if (codeOf(err) !== ALREADY_EXISTS) throw err;
        }
        const existing = await ref(key).get();
        if (existing.exists) return fromStored(existing.data() as StoredShape);
      }
      throw new Error(`backendOperations/${key} kept appearing and disappearing.`);
    },

    claim: (key, seen, nowMs) =>
      db.runTransaction(async (tx) => {
        const snapshot = await tx.get(ref(key));
        if (!snapshot.exists) return null;
        const current = fromStored(snapshot.data() as StoredShape);
        if (current.state !== seen.state || current.startedAtMs !== seen.startedAtMs || current.attempts !== seen.attempts) return null;
        const next: OperationRecord = { ...current, state: 'running', startedAtMs: nowMs, attempts: current.attempts + 1 };
        tx.update(ref(key), { state: 'running', startedAt: Timestamp.fromMillis(nowMs), attempts: next.attempts, ...stamps() });
        return next;
      }),

    async finish(key, status, body) {
      await ref(key).update({ state: 'done', status, responseBody: JSON.stringify(body ?? null), ...stamps() });
    },

    async fail(key, progress) {
      await ref(key).update({ state: 'failed', progress, ...stamps() });
    }
  };
}
