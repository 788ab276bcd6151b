import { dashboardFigureNames, type DashboardFigure, type DashboardFigureName, type DashboardSummary } from '../shared/contract';
import type { DashboardRepository } from './ports/dashboardRepository';

/**
 * The dashboard's figures, one card at a time, and the last answer of each for the rest of the
 * session: the dashboard shows those at once (labelled with their time) while fresh ones are asked.
 * They are forgotten when the session ends, and an answer that arrives after that is not kept.
 */
export class DashboardFigures {
  private readonly last = new Map<DashboardFigureName, DashboardFigure>();
  private session = 0;

  constructor(
    private readonly source: Pick<DashboardRepository, 'figure'>,
    private readonly now: () => Date = () => new Date()
  ) {}

  async figure(name: DashboardFigureName): Promise<DashboardFigure> {
    const session = this.session;
    const { value, leftOut, notFinite, at, owing, noStatus } = await this.source.figure(name);
    const figure: DashboardFigure = {
      figure: name,
      value,
      leftOut,
      notFinite,
      asOf: this.now().toISOString(),
      ...(at !== undefined ? { at } : {}),
      ...(owing ? { owing } : {}),
      ...(noStatus ? { noStatus } : {})
    };
    if (session === this.session) this.last.set(name, figure);
    return figure;
  }

  /** In the contract's order; figures never answered in this session are absent. */
  lastFigures(): { figures: DashboardFigure[] } {
    return { figures: dashboardFigureNames.flatMap((name) => this.last.get(name) ?? []) };
  }

  /** The summary's figures at once (what the bench and older callers ask for); it refreshes the kept ones too. */
  async summary(): Promise<DashboardSummary> {
    const answered = await Promise.all(summaryFigureNames.map((name) => this.figure(name)));
    return summaryOf(answered, this.now().toISOString());
  }

  /** The session ended: nothing of it is shown to the next one. */
  forget(): void {
    this.session += 1;
    this.last.clear();
  }
}

/**
 * The figures the summary reports: the withdrawals' and deposits' ten counts and amounts. The other
 * cards (the KYC queue, what the platform owes, the last reconciliation) are figures of their own,
 * not part of the summary, so the summary costs what it always did.
 */
const SUMMARY_SECTIONS = ['withdrawals', 'deposits'] as const;
const SUMMARY_FIELDS = ['total', 'approved', 'success', 'pending', 'rejected', 'failed', 'approvedAmount', 'successAmount'];
export const summaryFigureNames = dashboardFigureNames.filter((name) => {
  const [list, field] = name.split('.') as [string, string];
  return (SUMMARY_SECTIONS as readonly string[]).includes(list) && SUMMARY_FIELDS.includes(field);
});

/** The ten figures as the summary's two sections. */
export function summaryOf(figures: readonly DashboardFigure[], asOf: string): DashboardSummary {
  const byName = new Map(figures.map((f) => [f.figure, f]));
  const get = (name: DashboardFigureName): DashboardFigure => {
    const figure = byName.get(name);
    if (!figure) throw new Error(`Dashboard figure ${name} is missing`);
    return figure;
  };
  // A list's section: each of its figures under the name after the list's, and what its sum leaves out.
  const section = <List extends 'withdrawals' | 'deposits'>(list: List, amount: DashboardFigureName) => {
    const names = summaryFigureNames.filter((name) => name.startsWith(`${list}.`));
    const values = Object.fromEntries(names.map((name) => [name.slice(list.length + 1), get(name).value]));
    return { ...values, leftOut: get(amount).leftOut ?? 0, notFinite: get(amount).notFinite ?? 0 } as DashboardSummary[List];
  };
  return {
    withdrawals: section('withdrawals', 'withdrawals.approvedAmount'),
    deposits: section('deposits', 'deposits.successAmount'),
    asOf
  };
}
