import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../lib/paths';
import { Button } from './ui/Button';
import { Card } from './ui/Card';
import { EmptyState } from './ui/EmptyState';
import { PageHeader } from './ui/PageHeader';

/** A screen that has nothing to show at its address (none there, or not for this role): why, and the way back to the Dashboard. */
export function DeadEndPage({ title, icon, heading, description }: { title: string; icon: LucideIcon; heading: string; description?: ReactNode }) {
  return (
    <div className="space-y-6">
      <PageHeader title={title} />
      <Card>
        <EmptyState
          icon={icon}
          title={heading}
          description={description}
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
