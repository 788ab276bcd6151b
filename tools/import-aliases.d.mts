/** The import aliases and the folders they name (tools/import-aliases.mjs). */
export declare const importAliases: Record<'@shared' | '@renderer' | '@main', string>;
