// WCAG 2.1 A/AA checks with axe-core on what a page shows now (issue 26): a serious or critical violation fails the
// test and names the rule, the elements and axe's hint, so a regression says what to mend.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The serious and critical WCAG 2.1 AA violations on the page, one line each; empty when there are none. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 3)
          .map((node) => `${node.target.join(' ')} — ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
          .join('; ')}`,
    );
}
