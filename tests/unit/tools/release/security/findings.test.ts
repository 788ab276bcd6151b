import { describe, expect, it } from 'vitest';
import { fileMatches, formatReview, reviewScan, toFinding, type Finding, type Scan } from '../../../../../tools/release/security/findings';
import { excludedChecks, securityJustifications, type SecurityJustification } from '@main/electron/securityJustifications';

const finding = (overrides: Partial<Finding> = {}): Finding => ({
  check: 'OPEN_EXTERNAL_JS_CHECK',
  file: 'out/main/index.js',
  line: 12,
  column: 4,
  severity: 'MEDIUM',
  confidence: 'TENTATIVE',
  description: 'Review the use of openExternal',
  evidence: 'prepare: (contents) => hardenContents(contents, (url) => electron.shell.openExternal(url)),',
  ...overrides
});

const openExternalReviewed: SecurityJustification = {
  check: 'OPEN_EXTERNAL_JS_CHECK',
  file: 'out/main/index.js',
  match: 'hardenContents(contents, (url) => electron.shell.openExternal(url)',
  reason: 'Only reached after isSafeExternalUrl accepted an https URL without credentials.'
};

const scan = (overrides: Partial<Scan> = {}): Scan => ({
  targets: ['out/main/index.js'],
  scannedFiles: ['out/main/index.js'],
  findings: [],
  errors: [],
  ...overrides
});

describe('reviewScan', () => {
  it('passes a finding that a justification covers, and keeps the reason with it', () => {
    const review = reviewScan(scan({ findings: [finding()] }), [openExternalReviewed]);
    expect(review.passed).toBe(true);
    expect(review.justified).toEqual([{ finding: finding(), justification: openExternalReviewed }]);
    expect(review.unjustified).toEqual([]);
  });

  it('fails a finding that no justification covers', () => {
    const stray = finding({ evidence: 'electron.shell.openExternal(request.url)' });
    const review = reviewScan(scan({ findings: [stray] }), [openExternalReviewed]);
    expect(review.passed).toBe(false);
    expect(review.unjustified).toEqual([stray]);
  });

  it.each([
    ['another check', finding({ check: 'SANDBOX_JS_CHECK' })],
    ['another file', finding({ file: 'out/main/web.js' })],
    ['code that no longer matches', finding({ evidence: 'shell.openExternal(url)' })]
  ])('does not let a justification cover %s', (_label, other) => {
    expect(reviewScan(scan({ findings: [other] }), [openExternalReviewed]).unjustified).toEqual([other]);
  });

  it('fails an empty scan, even with no findings', () => {
    const review = reviewScan(scan({ targets: [], scannedFiles: [] }), []);
    expect(review.passed).toBe(false);
    expect(review.failures).toEqual(['Electronegativity scanned no files: nothing was checked.']);
  });

  it('fails when the tool would not read one of the targets (e.g. a .cjs preload)', () => {
    const review = reviewScan(scan({ targets: ['out/main/index.js', 'out/preload/index.cjs'] }), []);
    expect(review.passed).toBe(false);
    expect(review.failures).toEqual(['Electronegativity would not read out/preload/index.cjs, so it was not checked.']);
  });

  it('reports a justification that matches nothing as a stale warning, without failing', () => {
    const review = reviewScan(scan(), [openExternalReviewed]);
    expect(review.passed).toBe(true);
    expect(review.stale).toEqual([openExternalReviewed]);
    expect(formatReview(review)).toContain(
      'warning      stale justification, matched no finding: OPEN_EXTERNAL_JS_CHECK in out/main/index.js ' +
        '(match hardenContents(contents, (url) => electron.shell.openExternal(url))'
    );
  });

  it('fails on a file the tool could not parse, and only warns on a tolerable parse problem', () => {
    const errors = [
      { file: 'out/main/web.js', message: 'Unknown node type ClassPrivateProperty.', tolerable: false },
      { file: 'out/main/index.js', message: 'odd but parsed', tolerable: true }
    ];
    const review = reviewScan(scan({ errors }), []);
    expect(review.passed).toBe(false);
    expect(review.failures).toEqual(['Electronegativity could not parse out/main/web.js, so it was not checked: Unknown node type ClassPrivateProperty.']);
    expect(review.warnings).toEqual(['out/main/index.js: odd but parsed']);
  });

  it('tests a RegExp match against the evidence and a glob against hashed chunk names', () => {
    const justification: SecurityJustification = {
      check: 'CSP_GLOBAL_CHECK',
      file: 'out/main/chunks/start-*.js',
      match: /^default-src 'self'$/,
      reason: 'A reviewed policy, pinned exactly so that any change is reviewed again.'
    };
    const csp = finding({ check: 'CSP_GLOBAL_CHECK', file: 'out/main/chunks/start-Ab12.js', evidence: "default-src 'self'" });
    expect(reviewScan(scan({ findings: [csp] }), [justification]).passed).toBe(true);
    const weaker = { ...csp, evidence: "default-src 'self'; script-src 'unsafe-eval'" };
    expect(reviewScan(scan({ findings: [weaker] }), [justification]).passed).toBe(false);
  });

  it.each<[string, SecurityJustification]>([
    ['a reason that says nothing', { ...openExternalReviewed, reason: 'ok' }],
    ['a file made of wildcards', { ...openExternalReviewed, file: '*/*' }],
    ['an empty match', { ...openExternalReviewed, match: '' }],
    ['a check that is not an id', { ...openExternalReviewed, check: '*' }]
  ])('fails the run on a justification with %s', (_label, bad) => {
    const review = reviewScan(scan({ findings: [finding()] }), [bad]);
    expect(review.passed).toBe(false);
    expect(review.failures).toHaveLength(1);
  });

  it('accepts every entry of securityJustifications.ts as well-formed', () => {
    expect(reviewScan(scan(), securityJustifications).failures).toEqual([]);
    for (const excluded of excludedChecks) expect(excluded.reason.length, excluded.check).toBeGreaterThan(30);
  });
});

describe('fileMatches', () => {
  it.each([
    ['out/main/index.js', 'out/main/index.js', true],
    ['out/main/index.js', 'out/main/index.jsx', false],
    ['out/main/chunks/start-*.js', 'out/main/chunks/start-GRDQu00G.js', true],
    ['out/main/*.js', 'out/main/chunks/start-GRDQu00G.js', false],
    ['out/main/index.js', 'out/mainXindex.js', false]
  ])('%s ~ %s -> %s', (pattern, file, expected) => expect(fileMatches(pattern, file)).toBe(expected));
});

describe('formatReview', () => {
  it('prints each finding with its verdict, the reason or the evidence, and the outcome', () => {
    const stray = finding({ line: 40, evidence: 'shell.openExternal(anything)' });
    const review = reviewScan(scan({ findings: [finding(), stray] }), [openExternalReviewed]);
    const lines = formatReview(review, [{ check: 'SOME_GLOBAL_CHECK', reason: 'Needs the network, see why.' }]);
    expect(lines).toEqual([
      'not run      SOME_GLOBAL_CHECK: Needs the network, see why.',
      'justified    OPEN_EXTERNAL_JS_CHECK out/main/index.js:12:4 (MEDIUM/TENTATIVE) Review the use of openExternal',
      `             reason: ${openExternalReviewed.reason}`,
      'UNJUSTIFIED  OPEN_EXTERNAL_JS_CHECK out/main/index.js:40:4 (MEDIUM/TENTATIVE) Review the use of openExternal',
      '             evidence: shell.openExternal(anything)',
      '2 finding(s): 1 justified, 1 unjustified, 0 stale justification(s) -> FAIL'
    ]);
  });
});

describe('toFinding', () => {
  const context = {
    fileOf: (reported: string) => (reported === 'out/preload/index.cjs.js' ? 'out/preload/index.cjs' : reported),
    lineOf: (file: string, line: number) => (file === 'out/main/index.js' && line === 96 ? '\t\tcallback({ responseHeaders: {' : '')
  };
  const issue = {
    id: 'CSP_GLOBAL_CHECK',
    file: 'out/main/index.js',
    location: { line: 96, column: 13 },
    severity: { name: 'LOW', value: 2 },
    confidence: { name: 'TENTATIVE', value: 0 },
    description: 'Failed to parse CSP, it may not be valid.'
  };

  it('takes the evidence from the source line when the tool gives no sample', () => {
    expect(toFinding(issue, context)).toEqual({
      check: 'CSP_GLOBAL_CHECK',
      file: 'out/main/index.js',
      line: 96,
      column: 13,
      severity: 'LOW',
      confidence: 'TENTATIVE',
      description: 'Failed to parse CSP, it may not be valid.',
      evidence: 'callback({ responseHeaders: {'
    });
  });

  it("prefers the tool's sample and maps staged names back to the repository's", () => {
    const staged = { ...issue, file: 'out/preload/index.cjs.js', sample: '  ipcRenderer.send(x) ' };
    expect(toFinding(staged, context)).toMatchObject({ file: 'out/preload/index.cjs', evidence: 'ipcRenderer.send(x)' });
  });

  it.each([null, 'text', { id: 'X' }, { ...issue, severity: 'LOW' }])('refuses an issue it does not understand: %j', (raw) => {
    expect(() => toFinding(raw, context)).toThrow(/Unexpected Electronegativity issue/);
  });
});
