import {
  dashboardFigureNames,
  type DashboardFigure,
  type DashboardFigureName,
  type DashboardSummary
} from '../../shared/contract';
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
    const { value, leftOut } = await this.source.figure(name);
    const figure: DashboardFigure = { figure: name, value, leftOut, asOf: this.now().toISOString() };
    if (session === this.session) this.last.set(name, figure);
    return figure;
  }

  /** In the contract's order; figures never answered in this session are absent. */
  lastFigures(): { figures: DashboardFigure[] } {
    return { figures: dashboardFigureNames.flatMap((name) => this.last.get(name) ?? []) };
  }

  /** Every figure at once (what the bench and older callers ask for); it refreshes the kept ones too. */
  async summary(): Promise<DashboardSummary> {
    const answered = await Promise.all(dashboardFigureNames.map((name) => this.figure(name)));
    return summaryOf(answered, this.now().toISOString());
  }

  /** The session ended: nothing of it is shown to the next one. */
  forget(): void {
    this.session += 1;
    this.last.clear();
  }
}

/** The ten figures as the summary's two sections. */
export function summaryOf(figures: readonly DashboardFigure[], asOf: string): DashboardSummary {
  const byName = new Map(figures.map((f) => [f.figure, f]));
  const get = (name: DashboardFigureName): DashboardFigure => {
    const figure = byName.get(name);
    if (!figure) throw new Error(`Dashboard figure ${name} is missing`);
    return figure;
  };
  return {
    withdrawals: {
      total: get('withdrawals.total').value,
      approved: get('withdrawals.approved').value,
      pending: get('withdrawals.pending').value,
      rejected: get('withdrawals.rejected').value,
      approvedAmount: get('withdrawals.approvedAmount').value,
      leftOut: get('withdrawals.approvedAmount').leftOut ?? 0
    },
    deposits: {
      total: get('deposits.total').value,
      success: get('deposits.success').value,
      pending: get('deposits.pending').value,
      failed: get('deposits.failed').value,
      successAmount: get('deposits.successAmount').value,
      leftOut: get('deposits.successAmount').leftOut ?? 0
    },
    asOf
  };
}
