import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** The first message for each field path ("amount", "addresses.BITCOIN"), in the schema's order. */
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

/** react-hook-form's nested error shape from flat paths: "a.b" -> { a: { b: { type, message } } }. */
function toFieldErrors(messages: Record<string, string>): FieldErrors {
  const errors: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(messages)) {
    const keys = path === '' ? ['root'] : path.split('.');
    let node = errors;
    keys.slice(0, -1).forEach((key) => {
      node = (node[key] ??= {}) as Record<string, unknown>;
    });
    node[keys[keys.length - 1]!] = { type: 'validation', message };
  }
  return errors as FieldErrors;
}

/**
 * A resolver for react-hook-form from a zod schema (the contract's, often with the domain's rules
 * added as refinements): valid values come back as the schema's output, issues as field errors.
 * Written here rather than installing @hookform/resolvers for one function.
 */
export function zodResolver<TValues extends FieldValues, TOutput = TValues>(schema: z.ZodType<TOutput, TValues>): Resolver<TValues, unknown, TOutput> {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    return { values: {}, errors: toFieldErrors(zodMessages(schema, values)) as FieldErrors<TValues> };
  };
}
