import { z } from 'zod';

/** Where a screen's error was caught: a screen's boundary, the router, window.onerror, an unhandled rejection. */
export const rendererErrorKinds = ['boundary', 'route', 'onerror', 'unhandledrejection'] as const;
export type RendererErrorKind = (typeof rendererErrorKinds)[number];

/** Bounds of what one report carries: the renderer clips to them before sending (src/shared/domain/privacy.ts clip). */
export const RENDERER_ERROR_LIMITS = { message: 2_000, stack: 8_000, route: 300 } as const;

/** A renderer error for the main log, scrubbed of e-mail addresses and secrets by the page before it crosses. */
export const rendererErrorSchema = z
  .object({
    kind: z.enum(rendererErrorKinds),
    message: z.string().max(RENDERER_ERROR_LIMITS.message),
    stack: z.string().max(RENDERER_ERROR_LIMITS.stack).nullable(),
    /** The screen's path, without its query (filters can name a customer's e-mail). */
    route: z.string().max(RENDERER_ERROR_LIMITS.route)
  })
  .strict();
export type RendererError = z.output<typeof rendererErrorSchema>;
