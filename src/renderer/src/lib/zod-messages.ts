import type { z } from 'zod';

/**
 * The first message for each field path ("amount", "addresses.BITCOIN"), in the schema's order: what
 * a form shows beside its fields as they are typed, before react-hook-form's resolver
 * (`zodResolver` of @hookform/resolvers, on the same schema) has been asked at a submit.
 */
export function zodMessages(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const messages: Record<string, string> = {};
  if (result.success) return messages;
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in messages)) messages[path] = issue.message;
  }
  return messages;
}
