import { describe, expect, it } from 'vitest';
import { dashboardFigureNames, type DashboardFigureName } from '@shared/dashboardFigures';
import type { CardState, DashboardFigures } from '@renderer/features/dashboard/api/dashboard-figures';
import {
  usersSection,
  depositSection,
  figuresTime,
  KYC_QUEUE,
  owedSection,
  sectionCards,
  sectionNote,
  sections,
  shareOf,
  withdrawalSection
} from '@renderer/features/dashboard/stats';

const figure = (
  name: DashboardFigureName,
  value: number,
  asOf = '2026-11-21T10:00:00.000Z',
  leftOut: number | null = null,
  notFinite: number | null = null
) => ({
  figure: name,
  value,
  leftOut,
  notFinite,
  asOf
});

const all = (state: (name: DashboardFigureName) => CardState) =>
  Object.fromEntries(dashboardFigureNames.map((name) => [name, state(name)])) as DashboardFigures;

describe('dashboard figures in words', () => {
  it('a share of all, never rounding a few down to 0%', () => {
    expect(shareOf(25, 100, 'deposits')).toBe('25% of all deposits');
    expect(shareOf(1, 1000, 'deposits')).toBe('<1% of all deposits');
    expect(shareOf(0, 10, 'deposits')).toBe('0% of all deposits');
    expect(shareOf(0, 0, 'deposits')).toBe('No deposits yet');
  });

  it('cards show counts, money and their share of the section total', () => {
    const figures = all((name) => ({
      kind: 'fresh',
      figure: figure(name, name === 'deposits.total' ? 200 : name === 'deposits.successAmount' ? 1234.5 : 50)
    }));
    const [total, success, , , amount] = sectionCards(depositSection, figures);
    expect(total).toMatchObject({ label: 'Total deposits', value: '200', caption: 'Deposits of every status', status: undefined });
    expect(success).toMatchObject({ label: 'Successful', value: '50', caption: '25% of all deposits' });
    expect(amount).toMatchObject({ label: 'Total deposited', value: '$1,234.50', wide: true });
  });

  it('a card with nothing to show yet is a skeleton (null); a failed one says so', () => {
    const figures = all((name) => (name === 'deposits.success' ? { kind: 'failed', figure: null, message: 'Offline' } : { kind: 'loading' }));
    const [total, success] = sectionCards(depositSection, figures);
    expect(total).toBeNull();
    expect(success).toMatchObject({ value: '—', caption: null, status: { tone: 'failed', text: "Couldn't load", detail: 'Offline' } });
  });

  it('notes the records whose amount is not a number', () => {
    const with_ = (leftOut: number) => all((name) => ({ kind: 'fresh', figure: figure(name, 1, undefined, leftOut) }));
    expect(sectionNote(depositSection, with_(0))).toBeUndefined();
    expect(sectionNote(depositSection, with_(1))).toBe('1 successful deposit has an amount that is not a number and is not included in Total deposited.');
    expect(sectionNote(depositSection, with_(2))).toBe('2 successful deposits have an amount that is not a number and are not included in Total deposited.');
  });

  it('notes the records whose amount is NaN or infinite, beside those that are not numbers', () => {
    const with_ = (leftOut: number, notFinite: number) => all((name) => ({ kind: 'fresh', figure: figure(name, 1, undefined, leftOut, notFinite) }));
    expect(sectionNote(depositSection, with_(0, 1))).toBe('1 successful deposit has an amount that is NaN or infinite and is not included in Total deposited.');
    expect(sectionNote(depositSection, with_(2, 3))).toBe(
      '2 successful deposits have an amount that is not a number and are not included in Total deposited. 3 successful deposits have an amount that is NaN or infinite and are not included in Total deposited.'
    );
  });

  it('the page is as old as its oldest figure while updating, as new as its newest once fresh', () => {
    const older = '2026-11-21T09:00:00.000Z';
    const newer = '2026-11-21T10:00:00.000Z';
    const at = (name: DashboardFigureName) => (name === 'deposits.total' ? older : newer);
    expect(figuresTime(all(() => ({ kind: 'loading' })))).toBeNull();
    expect(figuresTime(all((name) => ({ kind: 'updating', figure: figure(name, 1, at(name)) })))).toEqual({ asOf: older, updating: true });
    expect(figuresTime(all((name) => ({ kind: 'fresh', figure: figure(name, 1, at(name)) })))).toEqual({ asOf: newer, updating: false });
  });

  it('the KYC cards count the queue and the expired documents, each linking to its list, beside the changes made outside Ledgerdesk', () => {
    const figures = all((name) => ({ kind: 'fresh', figure: figure(name, name === 'kyc.pending' ? 12 : name === 'journal.outsideLastDay' ? 2 : 3) }));
    expect(sectionCards(usersSection, figures)).toEqual([
      expect.objectContaining({ label: 'KYC waiting for review', value: '12', caption: 'Open the KYC queue, oldest first', to: KYC_QUEUE }),
      expect.objectContaining({ label: 'Expired KYC', value: '3', to: '/users?kyc=expired' }),
      expect.objectContaining({ label: 'Changes outside Ledgerdesk (last 24 h)', value: '2', to: undefined })
    ]);
    expect(KYC_QUEUE).toBe('/users?kyc=pending&order=oldest');
    expect(sectionNote(usersSection, figures)).toBeUndefined();
  });

  it('what the platform owes: balances above zero with the customers who owe the platform beside them, pending withdrawals with those of no status', () => {
    const figures = all((name) => {
      if (name === 'users.balanceTotal') return { kind: 'fresh', figure: { ...figure(name, 900, undefined, 0, 0), owing: { customers: 2, amount: 35.5 } } };
      if (name === 'withdrawals.pendingAmount')
        return { kind: 'fresh', figure: { ...figure(name, 450, undefined, 1, 0), noStatus: { count: 3, amount: 300 } } };
      return { kind: 'fresh', figure: figure(name, 100, undefined, 0, 0) };
    });
    const [balances, pending, investments, compound] = sectionCards(owedSection, figures);
    expect(balances).toMatchObject({
      label: 'Customer balances',
      value: '$900.00',
      caption: 'Sum of balances above zero',
      aside: '2 customers owe the platform $35.50'
    });
    expect(pending).toMatchObject({
      label: 'Pending withdrawals',
      value: '$450.00',
      caption: 'Withdrawals neither approved nor rejected; 1 record not summed (amount not a number)',
      aside: 'Includes 3 with no status ($300.00)'
    });
    expect(investments).toMatchObject({ label: 'Active investments', value: '$100.00', aside: undefined });
    expect(compound).toMatchObject({ label: 'Compound investments', value: '$100.00', caption: 'Principal of active compound investments' });
    // Nobody below zero, none without a status: nothing beside the figures.
    const quiet = all((name) => ({
      kind: 'fresh',
      figure: { ...figure(name, 1, undefined, 0, 0), owing: { customers: 0, amount: 0 }, noStatus: { count: 0, amount: 0 } }
    }));
    expect(sectionCards(owedSection, quiet).map((card) => card?.aside)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('every figure has exactly one card, and the money sections keep their words', () => {
    expect(sections.flatMap((s) => s.cards.map((c) => c.figure)).sort()).toEqual([...dashboardFigureNames].sort());
    expect(withdrawalSection.cards.map((c) => c.label)).toEqual(['Total withdrawals', 'Approved', 'Pending', 'Rejected', 'Total withdrawn']);
    expect(depositSection.cards.map((c) => c.label)).toEqual(['Total deposits', 'Successful', 'Pending', 'Failed', 'Total deposited']);
  });
});
