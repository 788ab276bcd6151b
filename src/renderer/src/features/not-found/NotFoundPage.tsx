import { Compass } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageHeader } from '../../components/ui/PageHeader';
import { paths } from '../../lib/paths';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="space-y-6">
      <PageHeader title="Page not found" />
      <Card>
        <EmptyState
          icon={Compass}
          title="There is no screen at this address"
          description={
            <>
              <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">{pathname}</code> does not exist in Ledgerdesk.
            </>
          }
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
