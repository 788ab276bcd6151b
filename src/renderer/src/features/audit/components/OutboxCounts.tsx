import { CircleCheck, CircleX, Hourglass, Send, type LucideIcon } from 'lucide-react';
import type { MailOutboxCounts } from '@shared/contract';
import { Card } from '../../../components/ui/Card';
import { Skeleton } from '../../../components/ui/Skeleton';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/format';

const tiles: Array<{ key: keyof MailOutboxCounts; label: string; icon: LucideIcon; tone: string }> = [
  { key: 'queued', label: 'Queued', icon: Hourglass, tone: 'bg-amber-50 text-amber-600' },
  { key: 'sending', label: 'Sending', icon: Send, tone: 'bg-indigo-50 text-indigo-600' },
  { key: 'sent', label: 'Sent', icon: CircleCheck, tone: 'bg-emerald-50 text-emerald-600' },
  { key: 'failed', label: 'Failed', icon: CircleX, tone: 'bg-rose-50 text-rose-600' }
];

/** How many e-mails are in each state, at a glance. */
export function OutboxCounts({ counts }: { counts: MailOutboxCounts | undefined }) {
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {tiles.map(({ key, label, icon: Icon, tone }) => (
        <Card key={key} role="group" aria-label={label} className="flex items-center gap-4 p-4">
          <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg', tone)}>
            <Icon className="size-4" aria-hidden />
          </span>
          <div>
            <p className="text-sm text-slate-500">{label}</p>
            {counts ? <p className="text-xl font-semibold text-slate-900 tabular-nums">{formatCount(counts[key])}</p> : <Skeleton className="mt-1 h-6 w-10" />}
          </div>
        </Card>
      ))}
    </div>
  );
}
