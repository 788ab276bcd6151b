import type { z } from 'zod';
import { capabilityNeeded, contract, isPublicMethod, type Output, type ParsedInput } from '../../shared/contract';
import { SESSION_ENDED_MESSAGE } from '../../shared/domain/administrator';
import { forbiddenMessage, may, type Role } from '../../shared/domain/roles';
import { methodNames, type MethodName } from '../../shared/methods';
import { AppError, fail, ok, type Result } from '../../shared/result';
import type { Dispatch } from './types';

export type Handlers = {
  [M in MethodName]: (input: ParsedInput<M>) => Promise<Output<M>> | Output<M>;
};

export interface DispatcherOptions {
  handlers: Handlers;
  /** The signed-in administrator's role (null: nobody signed in); every non-public method needs one, and the role must allow it. */
  role: () => Role | null;
  log?: (message: string, error: unknown) => void;
}

const known = new Set<string>(methodNames);

/** Caps one piece of a refusal: input can carry keys and values of any length. */
const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

// A key of 10,000 characters would otherwise come back inside "Unrecognized key: …" in full.
const describeIssues = (error: z.ZodError): string =>
  clip(
    error.issues
      .map((issue) => {
        const message = clip(issue.message, 200);
        return issue.path.length ? `${issue.path.map((part) => clip(String(part), 40)).join('.')}: ${message}` : message;
      })
      .join('; '),
    500
  );

/**
 * Binds the contract to its handlers. Every call from either transport goes through here: the
 * method must exist, the input must match its schema, the caller must be a signed-in
 * administrator whose role allows the method (unless it is public), and whatever happens the
 * answer is a Result.
 */
export function createDispatcher({ handlers, role, log = console.error }: DispatcherOptions): Dispatch {
  return async (method, rawInput): Promise<Result<unknown>> => {
    if (!known.has(method)) return fail('NOT_FOUND', `Unknown method: ${method}`);
    const name = method as MethodName;
    const spec = contract[name];

    const parsed = spec.input.safeParse(rawInput ?? {});
    if (!parsed.success) return fail('VALIDATION', `Invalid input. ${describeIssues(parsed.error)}`);

    if (!isPublicMethod(name)) {
      const caller = role();
      if (caller === null) return fail('UNAUTHENTICATED', SESSION_ENDED_MESSAGE);
      const needed = capabilityNeeded(name);
      if (!may(caller, needed)) return fail('FORBIDDEN', forbiddenMessage(caller, needed));
    }

    try {
      const handler = handlers[name] as (input: unknown) => Promise<unknown> | unknown;
      const value = await handler(parsed.data);
      // Parsing the output strips anything the contract does not declare, so a storage type
      // (a Firestore Timestamp, a stray password field) can never leak to a screen.
      const checked = spec.output.safeParse(value);
      if (!checked.success) {
        log(`Output of ${name} does not match the contract`, checked.error);
        return fail('INTERNAL', 'Ledgerdesk received data it did not expect. The problem was logged.');
      }
      return ok(checked.data);
    } catch (error) {
      if (error instanceof AppError) return fail(error.code, error.message);
      log(`Method ${name} failed`, error);
      return fail('INTERNAL', 'Something went wrong inside Ledgerdesk. The problem was logged.');
    }
  };
}
