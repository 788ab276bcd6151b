import { afterEach, describe, expect, it, vi } from 'vitest';
import { REAUTH_REQUIRED_MESSAGE } from '../../../src/shared/domain/access';
import { ApiError } from '../../../src/renderer/src/lib/api';
import { asOneAction } from '../../../src/renderer/src/lib/operations';
import { NOT_CONFIRMED, withStepUp } from '../../../src/renderer/src/lib/step-up';
import { useStepUp } from '../../../src/renderer/src/stores/step-up';

const needsPassword = () => new ApiError('STEP_UP_REQUIRED', REAUTH_REQUIRED_MESSAGE);
const asked = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

afterEach(() => useStepUp.getState().answer(false));

/** Step-up in the screens: asked once, the same action sent again (docs/product-rules.md §11.2). */
describe('a change held back until the password is confirmed', () => {
  it('asks for the password, then sends the same action again with the same operationId', async () => {
    const sent: string[] = [];
    const send = vi.fn(async (operationId: string) => {
      sent.push(operationId);
      if (sent.length === 1) throw needsPassword();
      return 'saved';
    });
    const done = asOneAction('wallets.save', { addresses: 'x' }, send);
    await asked();
    expect(useStepUp.getState().waiting).not.toBeNull();
    useStepUp.getState().answer(true);
    expect(await done).toBe('saved');
    expect(sent).toHaveLength(2);
    expect(sent[0]).toBe(sent[1]);
    expect(useStepUp.getState().waiting).toBeNull();
  });

  it('does nothing when the password is not confirmed, and says so', async () => {
    const send = vi.fn(async () => {
      throw needsPassword();
    });
    const done = withStepUp(send);
    await asked();
    useStepUp.getState().answer(false);
    await expect(done).rejects.toMatchObject({ code: 'PERMISSION_DENIED', message: NOT_CONFIRMED });
    expect(send).toHaveBeenCalledOnce();
  });

  it('asks once for requests held back together, and lets any other refusal through untouched', async () => {
    let confirmed = false;
    const guarded = () =>
      withStepUp(async () => {
        if (!confirmed) throw needsPassword();
        return 'ok';
      });
    const both = Promise.all([guarded(), guarded()]);
    await asked();
    confirmed = true;
    useStepUp.getState().answer(true);
    expect(await both).toEqual(['ok', 'ok']);
    await expect(withStepUp(async () => Promise.reject(new ApiError('PERMISSION_DENIED', 'Not yours.')))).rejects.toMatchObject({ message: 'Not yours.' });
  });
});
