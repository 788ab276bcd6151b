import { appendFileSync } from 'node:fs';
import type { Reporter, TestCase } from 'vitest/node';

/**
 * A Vitest reporter for npm test (tools/test-all.ts): writes the name of every test that passed
 * only on a retry to the file LEDGERDESK_RETRIED_FILE names, one a line, so the summary can name
 * flaky tests instead of hiding them. Vitest's JSON report does not say which tests were retried.
 */
export default class RetriedReporter implements Reporter {
  onTestCaseResult(test: TestCase): void {
    const file = process.env.LEDGERDESK_RETRIED_FILE;
    const retries = test.diagnostic()?.retryCount ?? 0;
    if (file && retries > 0 && test.result().state === 'passed') appendFileSync(file, `${test.module.moduleId} > ${test.fullName}\n`);
  }
}
