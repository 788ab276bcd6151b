import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowRight, CircleAlert, type LucideIcon } from 'lucide-react';
import { Card } from '../../../components/ui/Card';
import { Skeleton } from '../../../components/ui/Skeleton';
import { Spinner } from '../../../components/ui/Spinner';
import { cn } from '../../../lib/cn';

export const statTones = {
  neutral: 'bg-slate-100 text-slate-600',
  accent: 'bg-indigo-50 text-indigo-600',
  success: 'bg-emerald-50 text-emerald-600',
  warning: 'bg-amber-50 text-amber-600',
  danger: 'bg-rose-50 text-rose-600'
} as const;

/** Said under the figure when it is not a fresh answer: an older figure being refreshed, or a failure. */
export interface StatStatus {
  tone: 'updating' | 'failed';
  text: string;
  /** The error, as a tooltip on the text. */
  detail?: string;
}

export interface Stat {
  label: string;
  value: string;
  /** null while it depends on a figure not known yet (a share of the total). */
  caption: string | null;
  icon: LucideIcon;
  tone: keyof typeof statTones;
  /** The section's headline amount: a row of its own when five cards do not fit across. */
  wide?: boolean;
  /** The list the figure counts: the whole card is a link to it, two columns wide so its words fit on one line. */
  to?: string;
  /** What is told apart beside the figure ("3 customers owe the platform $120.00"). */
  aside?: string;
  status?: StatStatus;
}

const wideClasses = 'col-span-2 @4xl:col-span-4 @min-[70rem]:col-span-1';

/**
 * A long amount steps down a size only when its card is too narrow for it (a container query on
 * the card), so figures stay one size wherever they fit and never spill out of the card.
 */
function figureSize(value: string): string {
  if (value.length <= 11) return 'text-2xl';
  if (value.length <= 13) return 'text-xl @[10.5rem]:text-2xl';
  if (value.length <= 16) return 'text-xl @[12.5rem]:text-2xl';
  return 'text-lg @[15rem]:text-2xl';
}

/** One figure with its label; a group named by the label, so "Pending" is never read out of context. */
export function StatCard({ stat }: { stat: Stat }) {
  const Icon = stat.icon;
  const labelId = useId();
  return (
    <CardFrame stat={stat} labelId={labelId}>
      <div className="flex items-center justify-between gap-3">
        <p id={labelId} className="text-sm font-medium text-slate-500">
          {stat.label}
        </p>
        <span className={cn('flex size-8 items-center justify-center rounded-lg', statTones[stat.tone])}>
          <Icon className="size-4" aria-hidden />
        </span>
      </div>
      <p
        className={cn(
          'mt-3 font-semibold tracking-tight tabular-nums [overflow-wrap:anywhere] transition-colors',
          // An older figure waiting for its fresh answer is drawn quieter.
          stat.status?.tone === 'updating' ? 'text-slate-500' : 'text-slate-900',
          figureSize(stat.value)
        )}
      >
        {stat.value}
      </p>
      {stat.caption === null ? (
        <Skeleton className="mt-2 h-3 w-28" />
      ) : (
        <p className="mt-1 flex items-center gap-1 text-xs text-slate-500">
          {stat.caption}
          {stat.to && <ArrowRight aria-hidden className="size-3.5 text-indigo-500" />}
        </p>
      )}
      {stat.aside && <p className="mt-1 text-xs font-medium text-slate-700">{stat.aside}</p>}
      {stat.status && (
        <p
          title={stat.status.detail}
          className={cn('mt-2 flex items-center gap-1.5 text-xs', stat.status.tone === 'failed' ? 'text-rose-700' : 'text-slate-500')}
        >
          {stat.status.tone === 'failed' ? <CircleAlert aria-hidden className="size-3.5 shrink-0" /> : <Spinner className="size-3.5" />}
          {stat.status.text}
        </p>
      )}
    </CardFrame>
  );
}

const frameClasses = '@container flex min-w-0 flex-col p-5';

/**
 * A figure is a group named by its label; a figure with a list behind it is a link to that list
 * (named by its whole text: "KYC waiting for review 12 Open the KYC queue, oldest first").
 */
function CardFrame({ stat, labelId, children }: { stat: Stat; labelId: string; children: ReactNode }) {
  if (!stat.to) {
    return (
      <Card role="group" aria-labelledby={labelId} className={cn(frameClasses, stat.wide && wideClasses)}>
        {children}
      </Card>
    );
  }
  return (
    <Link
      to={stat.to}
      className={cn(
        frameClasses,
        'col-span-2 rounded-xl border border-slate-200 bg-white shadow-xs transition-colors hover:border-indigo-300 hover:bg-indigo-50/30',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
        stat.wide && wideClasses
      )}
    >
      {children}
    </Link>
  );
}

/** A card's place while its figure loads: as wide as the card will be, so nothing moves when it fills. */
export function StatCardSkeleton({ wide = false, link = false }: { wide?: boolean; link?: boolean }) {
  return (
    <Card className={cn('p-5', wide && wideClasses, link && 'col-span-2')}>
      <div className="flex items-center justify-between">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="size-8 rounded-lg" />
      </div>
      <Skeleton className="mt-3 h-8 w-28" />
      <Skeleton className="mt-2 h-3 w-32" />
    </Card>
  );
}
