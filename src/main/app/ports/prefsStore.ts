/** What Ledgerdesk remembers on this computer (never a password). */
export interface Prefs {
  rememberedEmail?: string;
}

/** The preferences file (src/main/config/prefs.ts); tests use the in-memory one there. */
export interface PrefsStore {
  read(): Prefs;
  update(change: Partial<Prefs>): void;
}
