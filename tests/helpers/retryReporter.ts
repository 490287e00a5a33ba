// A test that passed on its retry still failed once, and the default reporter shows only "(retry x1)". This reporter
// prints what the first attempt failed on (Vitest keeps a retried test's errors), so an intermittent failure names
// its cause in the run that hit it.
import type { Reporter, TestCase } from 'vitest/node';

export default class RetryReporter implements Reporter {
  onTestCaseResult(testCase: TestCase): void {
    const result = testCase.result();
    if (result.state !== 'passed' || (testCase.diagnostic()?.retryCount ?? 0) === 0) return;
    const first = result.errors?.[0];
    const message = first ? `${first.name ?? 'Error'}: ${first.message}`.slice(0, 2_000) : 'no error kept';
    console.log(`\nretried and passed: ${testCase.fullName}\n  first attempt: ${message}\n`);
  }
}
