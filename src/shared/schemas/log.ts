import { z } from 'zod';
import { RENDERER_ERROR_LIMITS, rendererErrorKinds } from '../domain/rendererErrors';

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
