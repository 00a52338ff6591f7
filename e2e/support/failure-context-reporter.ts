/**
 * Prints the page as the browser last saw it (the accessibility snapshot of Playwright's error
 * context) beneath a failed scenario. CI keeps only what a run prints, not
 * test-results/, so without this a failure seen once in CI can only be guessed at afterwards.
 */
import fs from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Enough for a page's snapshot; a longer one is cut, with a note saying so. */
const MAX_CHARACTERS = 12_000;

export default class FailureContextReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    for (const attachment of result.attachments) {
      if (attachment.name !== 'error-context' || !attachment.path || !fs.existsSync(attachment.path)) continue;
      const context = fs.readFileSync(attachment.path, 'utf8');
      // The error and the test's source are printed by the list reporter already; the page is not.
      const text = /```yaml\n[\s\S]*?```/.exec(context)?.[0] ?? context;
      const shown =
        text.length > MAX_CHARACTERS ? `${text.slice(0, MAX_CHARACTERS)}\n… (${text.length - MAX_CHARACTERS} more characters)` : text;
      console.log(`\n--- page at the failure of "${test.titlePath().slice(1).join(' › ')}" ---\n${shown}\n--- end of page ---\n`);
    }
  }

  printsToStdio(): boolean {
    return true;
  }
}
