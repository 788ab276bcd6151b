// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Field } from '@renderer/components/form/Field';

afterEach(cleanup);

/** The texts the control's aria-describedby points at, in order. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('the shared form field', () => {
  it('labels its control, and is described by the hint while there is no error', () => {
    render(
      <Field label="Subject" hint="Shown in the inbox.">
        {(control) => <input {...control} />}
      </Field>
    );
    const input = screen.getByLabelText('Subject');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(description(input)).toBe('Shown in the inbox.');
  });

  it('shows an error inline, marks the control invalid and describes it by the error, then the hint', () => {
    render(
      <Field label="BITCOIN" hint="Bitcoin address: bc1…, 1… or 3…" error="Not a Bitcoin address." size="xs">
        {(control) => <input {...control} />}
      </Field>
    );
    const input = screen.getByLabelText('BITCOIN');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(description(input)).toBe('Not a Bitcoin address. Bitcoin address: bc1…, 1… or 3…');
    expect(screen.getByText('Not a Bitcoin address.')).toBeTruthy();
  });

  it('lets the error take the hint’s place when asked', () => {
    render(
      <Field label="Reason" hint="Required." error="A reason is required." errorReplacesHint>
        {(control) => <textarea {...control} />}
      </Field>
    );
    expect(description(screen.getByLabelText('Reason'))).toBe('A reason is required.');
    expect(screen.queryByText('Required.')).toBeNull();
  });

  it('keeps a fixed id and can hide its label from sight but not from assistive technology', () => {
    render(
      <Field id="plan-min" label="Min for Gold" labelHidden>
        {(control) => <input {...control} />}
      </Field>
    );
    const input = screen.getByLabelText('Min for Gold');
    expect(input.getAttribute('id')).toBe('plan-min');
    expect(screen.getByText('Min for Gold').classList.contains('sr-only')).toBe(true);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });

  it('shows the resolver’s message inline after a refused submit, and clears it once fixed', async () => {
    const schema = z.object({ subject: z.string().trim().min(1, 'Enter a subject.') });
    const sent: unknown[] = [];
    function Form() {
      const { register, handleSubmit, formState } = useForm({ defaultValues: { subject: '' }, resolver: zodResolver(schema), mode: 'onChange' });
      return (
        <form onSubmit={handleSubmit((values) => sent.push(values))}>
          <Field label="Subject" error={formState.errors.subject?.message}>
            {(control) => <input {...control} {...register('subject')} />}
          </Field>
          <button type="submit">Send</button>
        </form>
      );
    }
    const user = userEvent.setup();
    render(<Form />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const input = screen.getByLabelText('Subject');
    expect(await screen.findByText('Enter a subject.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(description(input)).toBe('Enter a subject.');
    expect(sent).toEqual([]);

    await user.type(input, ' Hello ');
    expect(screen.queryByText('Enter a subject.')).toBeNull();
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toEqual([{ subject: 'Hello' }]);
  });
});
