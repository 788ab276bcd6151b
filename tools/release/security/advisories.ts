import { z } from 'zod';

/**
 * `npm audit --omit=dev --json` against the allow-list (tools/release/audit-allowlist.json): what
 * ships with Ledgerdesk may carry an advisory only where someone wrote down why it does no harm here,
 * until a date by which to look again. Pure, so the rules are tested on a recorded report.
 */

/** One advisory on a package the installed app carries. */
export interface Advisory {
  /** GHSA-xxxx-xxxx-xxxx, the id an allow-list entry names (npm's numeric id where there is none). */
  id: string;
  package: string;
  severity: string;
  title: string;
  url: string;
}

export const AllowList = z.object({
  advisories: z.array(
    z.object({
      id: z.string().regex(/^(GHSA(-[0-9a-z]{4}){3}|\d+)$/, 'an advisory id such as GHSA-xxxx-xxxx-xxxx'),
      package: z.string().min(1),
      reason: z.string().min(20, 'a reason someone else can check (20 characters at least)'),
      until: z.iso.date('a date (YYYY-MM-DD) by which to look at it again')
    })
  )
});
export type AllowList = z.infer<typeof AllowList>;
type Allowed = AllowList['advisories'][number];

const Via = z.object({ source: z.number(), name: z.string(), title: z.string(), url: z.string(), severity: z.string() });
const Report = z.object({ vulnerabilities: z.record(z.string(), z.object({ via: z.array(z.unknown()) })) });

/** The advisories in npm's report (version 2), each once; npm's own error when it got none. */
export function advisoriesIn(report: unknown): Advisory[] {
  const failure = z.object({ message: z.string(), statusCode: z.number().optional() }).safeParse(report);
  if (failure.success && !('vulnerabilities' in (report as object))) {
    throw new Error(`npm audit got no advisories from the registry (${failure.data.message}); nothing was checked.`);
  }
  const parsed = Report.safeParse(report);
  if (!parsed.success) throw new Error('This is not the report `npm audit --json` writes (auditReportVersion 2).');
  const found = new Map<string, Advisory>();
  for (const vulnerability of Object.values(parsed.data.vulnerabilities)) {
    // A string in `via` names another vulnerable package: its own entry lists the advisory.
    for (const via of vulnerability.via) {
      const advisory = Via.safeParse(via);
      if (!advisory.success) continue;
      const { source, name, title, url, severity } = advisory.data;
      const id = /GHSA(-[0-9a-z]{4}){3}/.exec(url)?.[0] ?? String(source);
      found.set(id, { id, package: name, severity, title, url });
    }
  }
  return [...found.values()].sort((a, b) => a.id.localeCompare(b.id));
}

export interface AuditVerdict {
  refused: Advisory[];
  allowed: Array<{ advisory: Advisory; entry: Allowed }>;
  /** Allowed once, past its date: looked at again, or refused. */
  expired: Array<{ advisory: Advisory; entry: Allowed }>;
  /** Entries no advisory needs any more: to remove. */
  stale: Allowed[];
  passed: boolean;
}

/** `today` as YYYY-MM-DD. */
export function judgeAdvisories(advisories: Advisory[], allowList: AllowList, today: string): AuditVerdict {
  const entries = new Map(allowList.advisories.map((entry) => [entry.id, entry]));
  const verdict: AuditVerdict = { refused: [], allowed: [], expired: [], stale: [], passed: false };
  for (const advisory of advisories) {
    const entry = entries.get(advisory.id);
    if (!entry) verdict.refused.push(advisory);
    else if (entry.until < today) verdict.expired.push({ advisory, entry });
    else verdict.allowed.push({ advisory, entry });
  }
  const seen = new Set(advisories.map((advisory) => advisory.id));
  verdict.stale = allowList.advisories.filter((entry) => !seen.has(entry.id));
  verdict.passed = verdict.refused.length === 0 && verdict.expired.length === 0;
  return verdict;
}

export function formatVerdict(verdict: AuditVerdict): string {
  const line = (advisory: Advisory) => `${advisory.id} ${advisory.severity} in ${advisory.package}: ${advisory.title} (${advisory.url})`;
  return [
    ...verdict.refused.map((advisory) => `✗ ${line(advisory)}\n    not on the allow-list: upgrade, or add it with the reason it does no harm here`),
    ...verdict.expired.map(({ advisory, entry }) => `✗ ${line(advisory)}\n    allowed until ${entry.until}: look at it again, then upgrade or renew`),
    ...verdict.allowed.map(({ advisory, entry }) => `· ${line(advisory)}\n    allowed until ${entry.until}: ${entry.reason}`),
    ...verdict.stale.map((entry) => `· ${entry.id} (${entry.package}) is on the allow-list but no longer reported: remove it`),
    verdict.passed ? '✓ No advisory on what Ledgerdesk ships outside the allow-list.' : '✗ npm audit --omit=dev found advisories not allowed.'
  ].join('\n');
}
