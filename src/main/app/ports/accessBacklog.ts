import type { AccessFacts } from '../../../shared/domain/access';

/** An access event waiting to be written to the audit log, with the id its entry will have. */
export interface QueuedAccess {
  id: string;
  facts: AccessFacts;
}

/**
 * Where access events wait for an administrator's session (src/main/config/accessQueue.ts keeps
 * them in the data folder, so a refused sign-in is still written after a restart).
 */
export interface AccessQueue {
  read(): QueuedAccess[];
  write(events: QueuedAccess[]): void;
}
