/** A column header only screen readers hear: over a column of row buttons, whose heading would tell a sighted administrator nothing. */
export function HiddenHeader({ label, className }: { label: string; className: string }) {
  return (
    <th scope="col" className={className}>
      <span className="sr-only">{label}</span>
    </th>
  );
}
