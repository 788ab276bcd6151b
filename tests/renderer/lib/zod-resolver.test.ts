import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodMessages, zodResolver } from '../../../src/renderer/src/lib/zod-resolver';
import { walletSaveInputSchema } from '../../../src/shared/schemas/settings';

const options = { fields: {}, shouldUseNativeValidation: undefined };

describe('the zod resolver for react-hook-form', () => {
  const schema = z.object({ name: z.string().min(1, 'Enter a name.'), age: z.number().min(18, 'Too young.') });

  it('passes valid values through as the schema output, with no errors', async () => {
    const trimmed = z.object({ name: z.string().trim() });
    expect(await zodResolver(trimmed)({ name: ' Ann ' }, undefined, options)).toEqual({ values: { name: 'Ann' }, errors: {} });
  });

  it('maps each issue to the field at its path, with its message', async () => {
    const result = await zodResolver(schema)({ name: '', age: 3 }, undefined, options);
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      name: { type: 'validation', message: 'Enter a name.' },
      age: { type: 'validation', message: 'Too young.' }
    });
  });

  it('nests errors for nested paths, as react-hook-form reads them', async () => {
    const values = { addresses: { BITCOIN: 'x'.repeat(201), ETHEREUM: '', USDT: '', TRON: '', LITECOIN: '' } };
    const result = await zodResolver(walletSaveInputSchema.omit({ operationId: true }))(values, undefined, options);
    expect(Object.keys(result.errors)).toEqual(['addresses']);
    expect((result.errors as { addresses: Record<string, { message: string }> }).addresses.BITCOIN?.message).toMatch(/200/);
  });

  it('keeps the first message of a field when several rules fail', () => {
    const twice = z.string().min(3, 'first').regex(/^\d+$/, 'second');
    expect(zodMessages(z.object({ code: twice }), { code: 'a' })).toEqual({ code: 'first' });
    expect(zodMessages(z.object({ code: twice }), { code: '123' })).toEqual({});
  });

  it('puts a refinement on the whole form under root', async () => {
    const refined = z.object({ a: z.string() }).refine(() => false, 'Not this.');
    const result = await zodResolver(refined)({ a: '' }, undefined, options);
    expect(result.errors).toEqual({ root: { type: 'validation', message: 'Not this.' } });
  });
});
