import { Hammer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from './ui/Card';
import { EmptyState } from './ui/EmptyState';
import { PageHeader } from './ui/PageHeader';

interface ScreenPlaceholderProps {
  title: string;
  description: string;
  /** e.g. "Deposit review arrives in the next release." */
  notice: string;
  actions?: ReactNode;
}

/** A screen whose route exists but whose work is not built yet: says so plainly, shows no data. */
export function ScreenPlaceholder({ title, description, notice, actions }: ScreenPlaceholderProps) {
  return (
    <div className="space-y-6">
      <PageHeader title={title} description={description} actions={actions} />
      <Card>
        <EmptyState
          icon={Hammer}
          title="This screen is being built"
          description={
            <>
              <p>{notice}</p>
              <p>Nothing here reads or changes customer data yet.</p>
            </>
          }
        />
      </Card>
    </div>
  );
}
