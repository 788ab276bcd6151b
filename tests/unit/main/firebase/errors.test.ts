import { describe, expect, it } from 'vitest';
import { mapFirebaseErrors } from '@main/firebase/errors';
import { AppError } from '@shared/result';

describe('mapFirebaseErrors', () => {
  it('turns a known Firebase code into a sentence', async () => {
    const failing = mapFirebaseErrors(() => Promise.reject(Object.assign(new Error('x'), { code: 'permission-denied' })));
    await expect(failing).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
  });

  it('gives up on a call that never answers, saying what to do', async () => {
    const hanging = mapFirebaseErrors(() => new Promise<never>(() => undefined), 20);
    await expect(hanging).rejects.toBeInstanceOf(AppError);
    await expect(hanging).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: expect.stringMatching(/^The database did not answer within 0 seconds\. .*reload first to see whether it was saved\.$/)
    });
  });

  it('passes a timely answer through', async () => {
    expect(await mapFirebaseErrors(async () => 42, 1_000)).toBe(42);
  });
});
