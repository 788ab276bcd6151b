import type { ThemeChoice } from '../../shared/domain/theme';
import type { ColumnLayouts } from '../../shared/schemas/columns';
import type { NotificationPrefs } from '../../shared/schemas/live';
import type { ZoneChoice } from '../../shared/schemas/timeZone';
import type { PageSizes, SavedView } from '../../shared/schemas/views';

/** Which releases an installed Ledgerdesk updates to (Help > Update channel). */
export type UpdateChannel = 'stable' | 'beta';

/** What Ledgerdesk remembers on this computer (never a password). */
export interface Prefs {
  updateChannel?: UpdateChannel;
  rememberedEmail?: string;
  /** Desktop notifications per kind, and whether the browser's permission was asked for already. */
  notifications?: Partial<NotificationPrefs>;
  /** Each list's page size as last chosen (the spec's 10 until then). */
  pageSizes?: PageSizes;
  /** Each list's columns, widths and density as chosen (the list's default until then). */
  columnLayouts?: ColumnLayouts;
  /** The zone this computer shows times in (its own until chosen). */
  timesShownIn?: ZoneChoice;
  /** Lists' filters and order saved under a name, shown in the sidebar. */
  savedViews?: SavedView[];
  /** System (absent), light or dark: the desktop sets nativeTheme.themeSource from it before its window opens. */
  theme?: ThemeChoice;
}

/** The preferences file (src/main/config/prefs.ts); tests use the in-memory one there. */
export interface PrefsStore {
  read(): Prefs;
  update(change: Partial<Prefs>): void;
}
