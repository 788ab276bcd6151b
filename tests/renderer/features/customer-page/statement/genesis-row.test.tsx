// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JournalEntry } from '@shared/schemas/journal';
import { ChangedFigures, ChangeSource } from '@renderer/features/customer-page/statement/journal-cells';

// The Journal tab's row for the start of a customer's chain (npm run records-genesis): it changes
// nothing, so it says what it is instead of a change, and is neither Ledgerdesk's nor outside it.

afterEach(cleanup);

const genesis: JournalEntry = {
  id: 'genesis',
  at: '2026-12-04T03:00:00.123Z',
  kind: 'genesis',
  changes: [],
  balance: { amount: 3700, unreadable: null },
  writer: { kind: 'serviceAccount', id: null },
  auditId: null,
  outside: false
};

describe('the genesis entry in the Journal tab', () => {
  it('says the chain started with the balance found, from the records seeding, not outside Ledgerdesk', () => {
    render(
      <>
        <ChangedFigures entry={genesis} />
        <ChangeSource change={genesis} />
      </>
    );
    expect(screen.getByText('Journal chain started with the balance found')).toBeTruthy();
    expect(screen.getByText('Records seeding')).toBeTruthy();
    expect(screen.queryByText('Outside Ledgerdesk')).toBeNull();
  });

  it('leaves a change with no audit entry marked as outside Ledgerdesk', () => {
    render(<ChangeSource change={{ ...genesis, kind: 'updated', outside: true }} />);
    expect(screen.getByText('Outside Ledgerdesk')).toBeTruthy();
  });
});
