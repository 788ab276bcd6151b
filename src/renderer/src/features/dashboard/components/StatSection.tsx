import { TriangleExclamationPoint } from 'lucide-react';
import { PageSection } from '../../../components/PageSection';
import { cn } from '../../../lib/cn';
import { StatCard, StatCardSkeleton, type Stat } from './StatCard';

interface StatSectionProps {
  title: string;
  description: string;
  /** In order; null for a card that has nothing to show yet (it keeps its place as a skeleton). */
  stats: (Stat | null)[];
  /** A warning about the section's amount, under the cards (e.g. records its sum leaves out). */
  note?: string;
  /** Each card's width (a row of its own where five do not fit; two columns for a link), so its skeleton has it too. */
  shapes?: { wide?: boolean; link?: boolean }[];
  /** At most four across, for a section whose cards fill rows of four (four amounts, then a link). */
  fourAcross?: boolean;
}

export function StatSection({ title, description, stats, note, shapes = [], fourAcross = false }: StatSectionProps) {
  return (
    <PageSection title={title} description={description} busy={stats.some((s) => s === null || s.status?.tone === 'updating')}>
      {/* Sized by the space the section has, not the window: five across only when they fit;
          otherwise the counts share rows and the amount takes a row of its own. */}
      <div className="@container">
        <div className={cn('grid grid-cols-2 gap-4 @4xl:grid-cols-4', !fourAcross && '@min-[70rem]:grid-cols-5')}>
          {stats.map((stat, i) => (stat ? <StatCard key={i} stat={stat} /> : <StatCardSkeleton key={i} {...shapes[i]} />))}
        </div>
      </div>
      {note && (
        <p className="mt-3 flex items-start gap-2 rounded-lg bg-amber-50 px-3.5 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
          <TriangleExclamationPoint aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-500" />
          <span>{note}</span>
        </p>
      )}
    </PageSection>
  );
}
