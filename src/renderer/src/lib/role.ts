import { forbiddenMessage, may, roleLabels, type Capability, type Role } from '../../../shared/domain/roles';
import { useSession } from '../stores/session';

/**
 * What the signed-in administrator's role allows (src/shared/domain/roles.ts). The main process
 * refuses a call the role may not make (FORBIDDEN) whatever the screen shows; the screens ask here
 * first, so a control that could only fail is not offered at all.
 */
export const useRole = (): Role | null => useSession((state) => state.user?.role ?? null);

/** Whether the signed-in role may do what `capability` covers; false while nobody is signed in. */
export const useMay = (capability: Capability): boolean => may(useRole(), capability);

/** "Viewer", for the top bar and the sentences below. */
export const roleLabel = (role: Role): string => roleLabels[role];

/** Why a control is shown disabled, in the words the main process would refuse it with. */
export function useWhyNot(capability: Capability): string | null {
  const role = useRole();
  if (may(role, capability)) return null;
  return role ? forbiddenMessage(role, capability) : 'Sign in first.';
}
