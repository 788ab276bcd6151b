import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { forbiddenMessage, may, type Capability } from '../../../shared/domain/roles';
import { DeadEndPage } from '../components/DeadEndPage';
import { roleLabel, useRole } from '../lib/role';

/**
 * A screen the signed-in role may not use, reached by its address (a bookmark, a link someone sent):
 * a calm page saying so instead of the screen, whose every call would be refused. The sidebar and
 * the palette do not offer it to that role (routes.ts).
 */
export function RoleGate({ needs, title, children }: { needs: Capability; title: string; children?: ReactNode }) {
  const role = useRole();
  if (may(role, needs)) return children;
  const label = role ? roleLabel(role) : 'none';
  return (
    <DeadEndPage
      title={title}
      icon={Lock}
      heading={`Your role (${label}) cannot use this screen`}
      description={role ? forbiddenMessage(role, needs) : undefined}
    />
  );
}
