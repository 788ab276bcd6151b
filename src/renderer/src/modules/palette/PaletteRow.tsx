import { Command } from 'cmdk';
import { CornerDownLeft } from 'lucide-react';
import { cn } from '../../lib/cn';
import { StatusBadge } from '../status/StatusBadge';
import type { PaletteItem } from './palette-items';

/** One row: the icon's tile, the label, and its status and detail on a second line. */
export function PaletteRow({ item, onChoose }: { item: PaletteItem; onChoose: (item: PaletteItem) => void }) {
  const Icon = item.icon;
  return (
    <Command.Item
      value={item.value}
      disabled={item.stale}
      onSelect={() => onChoose(item)}
      className={cn(
        'group flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-700',
        'data-[selected=true]:bg-indigo-50 data-[selected=true]:text-slate-900',
        item.stale && 'cursor-default opacity-60'
      )}
    >
      <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-md', item.tint ?? 'bg-slate-100 text-slate-500')}>
        <Icon aria-hidden className="size-4" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">
          {item.noun && <span className="sr-only">{item.noun}: </span>}
          {item.label}
        </span>
        {(item.status || item.detail) && (
          <span className="mt-0.5 flex items-center gap-2 text-xs text-slate-500">
            {item.status && <StatusBadge status={item.status} />}
            {item.detail && <span className="truncate">{item.detail}</span>}
          </span>
        )}
      </span>
      <CornerDownLeft aria-hidden className="invisible size-4 shrink-0 text-slate-400 group-data-[selected=true]:visible" />
    </Command.Item>
  );
}
