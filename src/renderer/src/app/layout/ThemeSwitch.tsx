import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import type { ThemeChoice } from '@shared/domain/theme';
import { cn } from '../../lib/cn';
import { chooseTheme, useTheme } from '../../lib/theme';
import type { PaletteAction } from '../../modules/palette/palette-items';

export const themeOptions: Array<{ value: ThemeChoice; label: string; icon: LucideIcon }> = [
  { value: 'system', label: 'System', icon: Monitor },
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon }
];

/** The palette's "Theme: Dark", "Theme: Light", "Theme: System". */
export const themeActions: PaletteAction[] = themeOptions.map(({ value, label, icon }) => ({
  value: `theme ${value}`,
  label: `Theme: ${label}`,
  detail: value === 'system' ? 'Light or dark as this computer is set' : `${label} on this computer`,
  icon,
  keywords: ['appearance', 'colours', 'colors', 'mode', value === 'dark' ? 'night' : value === 'light' ? 'day' : 'auto'],
  action: () => void chooseTheme(value)
}));

/**
 * The sidebar's Theme: System, Light or Dark, kept on this computer. Radio buttons under their
 * legend, so the arrow keys move between them and a screen reader says "Theme, Dark, 3 of 3".
 */
export function ThemeSwitch() {
  const choice = useTheme((state) => state.choice);
  return (
    <fieldset className="px-1 pb-1">
      <legend className="sr-only">Theme</legend>
      <div className="grid grid-cols-3 gap-1 rounded-md bg-white/5 p-1">
        {themeOptions.map(({ value, label, icon: Icon }) => (
          <label
            key={value}
            className={cn(
              'flex h-7 cursor-pointer items-center justify-center gap-1.5 rounded text-xs font-medium text-slate-300 transition-colors hover:text-white',
              'has-checked:bg-white/10 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-indigo-400'
            )}
          >
            <input type="radio" name="theme" value={value} checked={choice === value} onChange={() => void chooseTheme(value)} className="sr-only" />
            <Icon aria-hidden className="size-3.5 shrink-0" />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
