import type { Role } from '../../../src/shared/domain/roles';
import { useSession } from '../../../src/renderer/src/stores/session';

/** The administrator a renderer test is signed in as, by role: the screens offer the controls that role may use. */
export const administratorAs = (role: Role) => ({ uid: `${role}-1`, email: `${role}@ledgerdesk.test`, role });

/** Signs the renderer's session in as an administrator with this role (lib/role.ts reads it). */
export function signInAs(role: Role): void {
  useSession.setState({ status: 'ready', user: administratorAs(role), endedBecause: null, idleWarning: null });
}
