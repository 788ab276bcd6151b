// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ShortcutsDialog } from '@renderer/modules/shortcut-list/ShortcutsDialog';
import { useHelpShortcut } from '@renderer/components/shortcuts/use-help-shortcut';

afterEach(cleanup);

/** `?` as a US keyboard sends it: Shift and the slash key. */
const QUESTION_MARK = '{Shift>}[Slash]{/Shift}';

function Desk() {
  const [open, setOpen] = useState(false);
  useHelpShortcut(() => setOpen(true));
  return (
    <>
      <input aria-label="Reason" />
      <button type="button">Elsewhere</button>
      <ShortcutsDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

/** The keys shown for a sentence, as a screen reader reads them. */
const keysOf = (section: HTMLElement, does: string) => {
  const term = within(section).getByText(does);
  return term.nextElementSibling?.querySelector('.sr-only')?.textContent;
};

describe('the shortcuts dialog', () => {
  it("opens with ?, lists the global and list shortcuts and each list's status keys", async () => {
    const user = userEvent.setup();
    render(<Desk />);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await user.keyboard(QUESTION_MARK);
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });

    expect(keysOf(dialog, 'Open the command palette')).toBe('Ctrl K or ⌘ K');
    expect(keysOf(dialog, 'Show every shortcut')).toBe('?');
    expect(keysOf(dialog, 'Focus the next row')).toBe('j or ↓');
    expect(keysOf(dialog, 'Select every row on this page')).toBe('Ctrl A or ⌘ A');

    const statusKeys = (list: string) =>
      within(within(dialog).getByRole('heading', { name: list }).closest('section')!)
        .getAllByRole('term')
        .map((term) => `${term.nextElementSibling?.textContent} ${term.textContent}`);
    expect(statusKeys('Deposits')).toEqual(['p Pending', 's Success', 'f Failed']);
    expect(statusKeys('Withdrawals')).toEqual(['p Pending', 'a Approved', 'r Rejected']);
    expect(statusKeys('Investments')).toEqual(['a Active', 'c Completed', 'n Cancelled']);
    expect(statusKeys('Compound investments')).toEqual(['a Active', 'c Completed', 'p Pending']);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    // Back where the administrator was, though no button opened it.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' })));
  });

  it('does not open while the administrator types a ? in a field', async () => {
    const user = userEvent.setup();
    render(<Desk />);
    await user.click(screen.getByRole('textbox', { name: 'Reason' }));
    await user.keyboard(`why${QUESTION_MARK}`);
    expect((screen.getByRole('textbox', { name: 'Reason' }) as HTMLInputElement).value).toMatch(/^why/);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
