// What the simulation's checker holds the platform to (docs/testing.md), numbered as its reports name them.
export const INVARIANTS = {
  1: "every customer's figures = the journal's opening + its entries, and the reconciliation's drift is what outside entries explain",
  2: 'each chain transaction credits at most one record; each operation takes effect at most once',
  3: "every write Ledgerdesk made has its audit entry; every journal entry not Ledgerdesk's is marked outside",
  4: 'every e-mail is sent at most once per round (the automatic one and each Retry), never past its attempt cap',
  5: 'every reconciliation run ends (finished, stopped or failed) within a bounded number of steps, and none blocks a later one',
  6: "no balance below zero unless an adjustment allowed it; the dashboard's owed figures equal the sums",
  7: 'a covered withdrawal is never applied without a request approved by another administrator (never its maker)',
  8: 'each approval request applies at most once',
  9: 'a request in a closed state never changes again',
  10: "every applied request's audit entry names both administrators: the maker and the approver",
  11: "every customer's journal and the audit log are unbroken chains (seq 1, 2, 3…, each hash linked to the one before) that end at their heads"
} as const;
export type Invariant = keyof typeof INVARIANTS;

export interface Violation {
  invariant: Invariant;
  detail: string;
}
