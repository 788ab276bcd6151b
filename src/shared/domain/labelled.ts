/**
 * A closed set of names and the words the screens, e-mails and CSV files say for each, written once:
 * the names are the record's keys, in the order written (zod's enum and the charts' series take them
 * as a list that is never empty).
 */
export function namesOf<Name extends string>(labels: Record<Name, string>): readonly [Name, ...Name[]] {
  const names = Object.keys(labels) as Name[];
  if (names.length === 0) throw new Error('A closed set of names needs at least one name.');
  return names as [Name, ...Name[]];
}
