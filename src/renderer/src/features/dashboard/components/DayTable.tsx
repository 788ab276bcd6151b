import type { ReactNode } from 'react';

interface DayTableProps<Row, Series extends { key: string; name: string }> {
  caption: string;
  rows: readonly Row[];
  series: readonly Series[];
  /** The row's day as the table says it (its row header); also its key. */
  day: (row: Row) => string;
  figure: (row: Row, series: Series) => ReactNode;
}

/** A chart's figures for screen readers, which cannot read its lines or bars: a row a day, a column a series. */
export function DayTable<Row, Series extends { key: string; name: string }>({ caption, rows, series, day, figure }: DayTableProps<Row, Series>) {
  return (
    // The wrapper is what hides it: a table grows to fit its rows whatever height it is given.
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {series.map((s) => (
              <th key={s.key} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={day(row)}>
              <th scope="row">{day(row)}</th>
              {series.map((s) => (
                <td key={s.key}>{figure(row, s)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
