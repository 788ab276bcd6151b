import { useEffect, useState } from 'react';
import type { AuditRow } from '@shared/contract';

/** An administrator the Activity tab can filter by: their uid (what is compared) and how they are shown. */
export interface SeenAdministrator {
  uid: string;
  label: string;
}

/** The administrators named by these entries, added to those known (by uid), sorted by how they read. */
export function withAdministratorsOf(known: readonly SeenAdministrator[], rows: readonly Pick<AuditRow, 'adminUid' | 'adminEmail'>[]): SeenAdministrator[] {
  const byUid = new Map(known.map((admin) => [admin.uid, admin]));
  for (const { adminUid, adminEmail } of rows) {
    if (!adminUid) continue;
    const was = byUid.get(adminUid);
    // An e-mail found later replaces the uid shown meanwhile.
    if (!was || (was.label === adminUid && adminEmail)) byUid.set(adminUid, { uid: adminUid, label: adminEmail || adminUid });
  }
  const all = [...byUid.values()].sort((a, b) => a.label.localeCompare(b.label));
  return all.length === known.length && all.every((admin, i) => admin === known[i]) ? (known as SeenAdministrator[]) : all;
}

/**
 * Every administrator met in the entries loaded while the screen is open, whatever the filters: the
 * team screen is the owner's alone, so the log itself says who there is. The one chosen (from the
 * address) is offered even before its entries load, under its uid.
 */
export function useAdministratorsSeen(rows: readonly AuditRow[], chosen: string | null): SeenAdministrator[] {
  const [seen, setSeen] = useState<SeenAdministrator[]>([]);
  useEffect(() => setSeen((known) => withAdministratorsOf(known, rows)), [rows]);
  return chosen && !seen.some((admin) => admin.uid === chosen) ? [...seen, { uid: chosen, label: chosen }] : seen;
}
