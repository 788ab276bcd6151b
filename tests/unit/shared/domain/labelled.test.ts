import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { namesOf } from '@shared/domain/labelled';
import { kycDecisions, kycStatusLabels } from '@shared/domain/users';

describe('namesOf: a closed set of names written once, with its words', () => {
  it('lists the names in the order the words are written', () => {
    expect(namesOf({ newest: 'Newest first', oldest: 'Oldest first', largest: 'Largest first' })).toEqual(['newest', 'oldest', 'largest']);
    expect(kycDecisions).toEqual(['approved', 'rejected', 'pending', 'resubmissionRequested']);
    expect(kycDecisions.map((d) => kycStatusLabels[d])).toEqual(['Approved', 'Rejected', 'Pending', 'Resubmission requested']);
  });

  it('gives zod an enum that refuses a name outside the set', () => {
    const decision = z.enum(kycDecisions);
    expect(decision.safeParse('resubmissionRequested').success).toBe(true);
    expect(decision.safeParse('Approved').success).toBe(false);
  });

  it('refuses an empty set rather than making an enum nothing can satisfy', () => {
    expect(() => namesOf({})).toThrow('at least one name');
  });
});
