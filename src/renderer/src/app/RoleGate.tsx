import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { forbiddenMessage, may, type Capability } from '../../../shared/domain/roles';
import { Button } from '../components/ui/Button';
import { Card } from '../components/ui/Card';
import { EmptyState } from '../components/ui/EmptyState';
import { PageHeader } from '../components/ui/PageHeader';
import { paths } from '../lib/paths';
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
    <div className="space-y-6">
      <PageHeader title={title} />
      <Card>
        <EmptyState
          icon={Lock}
          title={`Your role (${label}) cannot use this screen`}
          description={role ? forbiddenMessage(role, needs) : undefined}
          action={
            <Button asChild>
              <Link to={paths.dashboard}>Go to the Dashboard</Link>
            </Button>
          }
        />
      </Card>
    </div>
  );
}
