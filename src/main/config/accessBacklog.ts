import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type { AccessBacklog, UnwrittenAccess } from '../../core/ports/accessBacklog';

const unwrittenSchema = z.array(
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
 * The file keeps the name earlier versions gave it: an installed copy may hold refused sign-ins in
 * it, and a new name would drop them from the audit log on update.
 */
export const ACCESS_BACKLOG_FILE = 'access-queue.json';

/**
 * Access events not yet written, in the data folder (ACCESS_BACKLOG_FILE), so a refused sign-in
 * is still written to the audit log after Ledgerdesk restarts. A damaged file is read as empty. It
 * holds e-mail addresses typed at sign-in, never a password.
 */
export function fileAccessBacklog(dataDir: string): AccessBacklog {
  const file = join(dataDir, ACCESS_BACKLOG_FILE);
  return {
    read(): UnwrittenAccess[] {
      try {
        const parsed = unwrittenSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
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

export function memoryAccessBacklog(initial: UnwrittenAccess[] = []): AccessBacklog {
  let events = [...initial];
  return { read: () => [...events], write: (next) => (events = [...next]) };
}
