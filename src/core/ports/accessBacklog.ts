import type { AccessFacts } from '../../shared/domain/access';

/** An access event not yet written to the audit log, with the id its entry will have. */
export interface UnwrittenAccess {
  id: string;
  facts: AccessFacts;
}

/**
 * The access events not yet written, oldest first, until an administrator's session writes them
 * (src/main/config/accessBacklog.ts keeps them in the data folder, so a refused sign-in is still
 * written after a restart). Not a "queue": in this codebase that word is a status's pending records.
 */
export interface AccessBacklog {
  read(): UnwrittenAccess[];
  write(events: UnwrittenAccess[]): void;
}
