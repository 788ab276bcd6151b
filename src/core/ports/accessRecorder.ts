import type { Administrator } from '../../shared/contract';
import type { AccessFacts } from '../../shared/domain/access';

/**
 * Where sign-ins, refusals, sign-outs and password confirmations go (src/core/accessLog.ts): written
 * under `actor`'s session, or kept for the next administrator's when there is none. The session
 * (src/main/session) hands its facts to it.
 */
export interface AccessRecorder {
  record(facts: AccessFacts, actor: Administrator | null): Promise<void>;
}
