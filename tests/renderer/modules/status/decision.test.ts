import { describe, expect, it } from 'vitest';
import { activationLine, checkReason, effectRows, emailLine, OTHER_REASON, reasonLabel, REASON_MAX } from '@renderer/modules/status/decision';

const required = { kind: 'required', choices: ['did not meet the required conditions', 'suspected fraud'] } as const;

describe('the reason a decision is sent with', () => {
  it('needs a picked reason when the decision requires one, and the text after "Other…"', () => {
    expect(checkReason(required, { choice: '', text: '' })).toEqual({ ok: false, problem: 'Choose a reason.' });
    expect(checkReason(required, { choice: 'suspected fraud', text: 'ignored' })).toEqual({ ok: true, reason: 'suspected fraud' });
    expect(checkReason(required, { choice: OTHER_REASON, text: '   ' })).toEqual({ ok: false, problem: 'Write the reason.' });
    expect(checkReason(required, { choice: OTHER_REASON, text: '  Sent to an exchange we do not serve ' })).toEqual({
      ok: true,
      reason: 'Sent to an exchange we do not serve'
    });
  });

  it('takes an optional note as typed, none when blank, and refuses anything longer than the limit', () => {
    expect(checkReason({ kind: 'optional' }, { choice: '', text: '' })).toEqual({ ok: true, reason: null });
    expect(checkReason({ kind: 'optional' }, { choice: '', text: ' Checked with the customer by phone ' })).toEqual({
      ok: true,
      reason: 'Checked with the customer by phone'
    });
    const long = 'x'.repeat(REASON_MAX + 1);
    expect(checkReason({ kind: 'optional' }, { choice: '', text: long })).toEqual({ ok: false, problem: `Keep it to 500 characters (501 now).` });
    expect(checkReason(required, { choice: OTHER_REASON, text: 'x'.repeat(REASON_MAX) })).toMatchObject({ ok: true });
  });

  it('lists the common reasons starting with a capital', () => {
    expect(reasonLabel('did not meet the required conditions')).toBe('Did not meet the required conditions');
  });
});

describe('what a preview says', () => {
  it('shows each figure before and after as money', () => {
    const rows = effectRows({
      effects: [
        { label: 'Balance of Olivia Johnson (refund)', before: 10, after: 260.5 },
        { label: 'Total deposit of Dana', before: 1234.5, after: 1234.5 }
      ]
    });
    expect(rows).toEqual([
      { label: 'Balance of Olivia Johnson (refund)', before: '$10.00', after: '$260.50' },
      { label: 'Total deposit of Dana', before: '$1,234.50', after: '$1,234.50' }
    ]);
  });

  it('names each e-mail by its recipient and kind in words', () => {
    expect(emailLine({ to: 'olivia@gmail.com', kind: 'withdrawalRejected' })).toBe('olivia@gmail.com: withdrawal rejected e-mail');
    expect(emailLine({ to: 'rita@ref.com', kind: 'referralBonus' })).toBe('rita@ref.com: referral bonus earned e-mail');
  });

  it('says which investment becomes active, or why it does not', () => {
    expect(activationLine({ investmentId: 'i1', plan: 'Gold', amount: 500, activates: true, why: null })).toBe('Gold plan of $500.00 becomes active.');
    expect(activationLine({ investmentId: 'i1', plan: 'Silver', amount: 1700, activates: false, why: 'It stays as it is: its status is "active".' })).toBe(
      'Silver plan of $1,700.00 does not become active. It stays as it is: its status is "active".'
    );
    expect(activationLine({ investmentId: 'i1', plan: null, amount: null, activates: false, why: 'It does not exist.' })).toBe(
      'Linked investment does not become active. It does not exist.'
    );
  });
});
