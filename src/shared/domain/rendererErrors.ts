/**
 * A screen's error as the page reports it to the main log (log.rendererError). Plain values, apart
 * from the contract's schema (src/shared/schemas/log.ts): the page clips to them in its entry chunk,
 * which loads before sign-in and so must not carry zod.
 */

/** Where a screen's error was caught: a screen's boundary, the router, window.onerror, an unhandled rejection. */
export const rendererErrorKinds = ['boundary', 'route', 'onerror', 'unhandledrejection'] as const;
export type RendererErrorKind = (typeof rendererErrorKinds)[number];

/** Bounds of what one report carries: the renderer clips to them before sending (src/shared/domain/privacy.ts clip). */
export const RENDERER_ERROR_LIMITS = { message: 2_000, stack: 8_000, route: 300 } as const;
