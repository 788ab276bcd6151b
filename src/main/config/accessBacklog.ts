import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type { AccessQueue, QueuedAccess } from '../app/ports/accessQueue';

const queuedSchema = z.array(
  z.object({
    id: z.string().uuid(),
    facts: z.object({
      event: z.enum(['signIn', 'signOut', 'reauthenticate']),
      email: z.string(),
      result: z.enum(['ok', 'refused']),
      detail: z.string().nullable(),
      occurredAt: z.string()
    })
  })
);

/**
 * Access events waiting for an administrator session, in the data folder (`access-queue.json`), so
 * a refused sign-in is still written to the audit log after Ledgerdesk restarts. A damaged file is
 * read as empty. It holds e-mail addresses typed at sign-in, never a password.
 */
export function fileAccessQueue(dataDir: string): AccessQueue {
  const file = join(dataDir, 'access-queue.json');
  return {
    read(): QueuedAccess[] {
      try {
        const parsed = queuedSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
        return parsed.success ? parsed.data : [];
      } catch {
        return [];
      }
    },
    write(events) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(events, null, 2), { mode: 0o600 });
    }
  };
}

export function memoryAccessQueue(initial: QueuedAccess[] = []): AccessQueue {
  let events = [...initial];
  return { read: () => [...events], write: (next) => (events = [...next]) };
}
