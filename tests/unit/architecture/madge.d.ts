// The part of madge's API (it ships no types) that no-cycles.test.ts uses.
declare module 'madge' {
  interface MadgeConfig {
    baseDir?: string;
    fileExtensions?: string[];
    tsConfig?: string;
    detectiveOptions?: { ts?: { skipTypeImports?: boolean; skipAsyncImports?: boolean }; tsx?: { skipTypeImports?: boolean; skipAsyncImports?: boolean } };
  }
  interface MadgeResult {
    /** Each circle as the files it passes through, relative to baseDir. */
    circular(): string[][];
    /** Imports it could not resolve to a file. */
    warnings(): { skipped: string[] };
  }
  export default function madge(paths: string | string[], config?: MadgeConfig): Promise<MadgeResult>;
}
