import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodMessages } from '../../../src/renderer/src/lib/zod-messages';
import { walletSaveInputSchema } from '../../../src/shared/schemas/settings';

// The messages a form shows beside its fields as they are typed; the submit goes through
// @hookform/resolvers' zodResolver on the same schema.
describe('the messages of a zod schema, by field path', () => {
  it('keeps the first message of a field when several rules fail, and none once the values pass', () => {
    const twice = z.string().min(3, 'first').regex(/^\d+$/, 'second');
    expect(zodMessages(z.object({ code: twice }), { code: 'a' })).toEqual({ code: 'first' });
    expect(zodMessages(z.object({ code: twice }), { code: '123' })).toEqual({});
  });

  it('names a nested field by its dotted path', () => {
    const values = { addresses: { BITCOIN: 'x'.repeat(201), ETHEREUM: '', USDT: '', TRON: '', LITECOIN: '' } };
    const messages = zodMessages(walletSaveInputSchema.omit({ operationId: true }), values);
    expect(Object.keys(messages)).toEqual(['addresses.BITCOIN']);
    expect(messages['addresses.BITCOIN']).toMatch(/200/);
  });

  it('puts a refinement on the whole form under the empty path', () => {
    const refined = z.object({ a: z.string() }).refine(() => false, 'Not this.');
    expect(zodMessages(refined, { a: '' })).toEqual({ '': 'Not this.' });
  });
});
