import type { ExcludedCheck, SecurityJustification } from '../../../src/main/electron/securityJustifications';

/** One Electronegativity finding, with repository-relative paths. */
export interface Finding {
  check: string;
  file: string;
  line: number;
  column: number;
  severity: string;
  confidence: string;
  description: string;
  /** The tool's sample, else the source line it points at: what `match` is tested against. */
  evidence: string;
}

export interface ScanError {
  file: string;
  message: string;
  /** The tool's own word: a tolerable error still parsed the file, an intolerable one did not. */
  tolerable: boolean;
}

export interface Scan {
  /** What we meant to scan. */
  targets: readonly string[];
  /** What the tool's own loader lists, so a file it would skip cannot pass unnoticed. */
  scannedFiles: readonly string[];
  findings: readonly Finding[];
  errors: readonly ScanError[];
}

export interface Review {
  justified: { finding: Finding; justification: SecurityJustification }[];
  unjustified: Finding[];
  stale: SecurityJustification[];
  warnings: string[];
  /** Why the run fails, besides unjustified findings. */
  failures: string[];
  passed: boolean;
}

/** `*` matches within one path segment; everything else is literal. */
export function fileMatches(pattern: string, file: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]*');
  return new RegExp(`^${source}$`).test(file);
}

export function justifies(justification: SecurityJustification, finding: Finding): boolean {
  if (justification.check !== finding.check || !fileMatches(justification.file, finding.file)) return false;
  const { match } = justification;
  if (match === undefined) return true;
  return typeof match === 'string' ? finding.evidence.includes(match) : match.test(finding.evidence);
}

/** A justification that could silence anything is worse than none. */
function problemsOf(justification: SecurityJustification): string[] {
  const label = `${justification.check || '(no check)'} in ${justification.file || '(no file)'}`;
  const problems: string[] = [];
  if (!/^[A-Z0-9]+(_[A-Z0-9]+)*$/.test(justification.check)) problems.push(`${label}: the check must be an Electronegativity id`);
  if (!justification.file.replace(/[*/]/g, '')) problems.push(`${label}: the file must name a file, not only wildcards`);
  if (justification.match === '') problems.push(`${label}: an empty match matches everything`);
  if (justification.reason.trim().length < 30) problems.push(`${label}: the reason must say why, in a sentence`);
  return problems;
}

export function reviewScan(scan: Scan, justifications: readonly SecurityJustification[]): Review {
  const failures = justifications.flatMap(problemsOf);
  const warnings: string[] = [];
  if (scan.scannedFiles.length === 0) failures.push('Electronegativity scanned no files: nothing was checked.');
  const scanned = new Set(scan.scannedFiles);
  for (const target of scan.targets) {
    if (!scanned.has(target)) failures.push(`Electronegativity would not read ${target}, so it was not checked.`);
  }
  for (const error of scan.errors) {
    if (error.tolerable) warnings.push(`${error.file}: ${error.message}`);
    else failures.push(`Electronegativity could not parse ${error.file}, so it was not checked: ${error.message}`);
  }

  const justified: Review['justified'] = [];
  const unjustified: Finding[] = [];
  const used = new Set<SecurityJustification>();
  for (const finding of scan.findings) {
    const justification = justifications.find((candidate) => justifies(candidate, finding));
    if (justification) {
      justified.push({ finding, justification });
      used.add(justification);
    } else {
      unjustified.push(finding);
    }
  }
  const stale = justifications.filter((justification) => !used.has(justification));
  return { justified, unjustified, stale, warnings, failures, passed: failures.length === 0 && unjustified.length === 0 };
}

const where = (finding: Finding): string => `${finding.file}:${finding.line}:${finding.column}`;
const summary = (finding: Finding): string => `${finding.check} ${where(finding)} (${finding.severity}/${finding.confidence}) ${finding.description}`;

export function formatReview(review: Review, excluded: readonly ExcludedCheck[] = []): string[] {
  const lines: string[] = [];
  for (const check of excluded) lines.push(`not run      ${check.check}: ${check.reason}`);
  for (const { finding, justification } of review.justified) {
    lines.push(`justified    ${summary(finding)}`, `             reason: ${justification.reason}`);
  }
  for (const finding of review.unjustified) {
    lines.push(`UNJUSTIFIED  ${summary(finding)}`);
    if (finding.evidence) lines.push(`             evidence: ${finding.evidence}`);
  }
  for (const justification of review.stale) {
    const match = justification.match === undefined ? '' : ` (match ${String(justification.match)})`;
    lines.push(`warning      stale justification, matched no finding: ${justification.check} in ${justification.file}${match}`);
  }
  for (const warning of review.warnings) lines.push(`warning      ${warning}`);
  for (const failure of review.failures) lines.push(`FAILED       ${failure}`);
  const total = review.justified.length + review.unjustified.length;
  lines.push(
    `${total} finding(s): ${review.justified.length} justified, ${review.unjustified.length} unjustified, ` +
      `${review.stale.length} stale justification(s) -> ${review.passed ? 'PASS' : 'FAIL'}`
  );
  return lines;
}

/** Electronegativity's issue objects as its runner returns them; anything else is rejected. */
interface RawIssue {
  id: string;
  file: string;
  location: { line: number; column: number };
  severity: { name: string };
  confidence: { name: string };
  description: string;
  sample?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function isRawIssue(value: unknown): value is RawIssue {
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.file !== 'string') return false;
  const { location, severity, confidence } = value;
  return (
    isRecord(location) &&
    typeof location.line === 'number' &&
    typeof location.column === 'number' &&
    isRecord(severity) &&
    typeof severity.name === 'string' &&
    isRecord(confidence) &&
    typeof confidence.name === 'string' &&
    typeof value.description === 'string'
  );
}

export interface IssueContext {
  /** The repository-relative name of a file as the tool reported it. */
  fileOf(reported: string): string;
  /** The text of a 1-based line of a repository file, or '' when there is none. */
  lineOf(file: string, line: number): string;
}

export function toFinding(raw: unknown, context: IssueContext): Finding {
  if (!isRawIssue(raw)) throw new Error(`Unexpected Electronegativity issue: ${JSON.stringify(raw)}`);
  const file = context.fileOf(raw.file);
  const sample = typeof raw.sample === 'string' ? raw.sample.trim() : '';
  return {
    check: raw.id,
    file,
    line: raw.location.line,
    column: raw.location.column,
    severity: raw.severity.name,
    confidence: raw.confidence.name,
    description: raw.description,
    evidence: sample || context.lineOf(file, raw.location.line).trim()
  };
}
