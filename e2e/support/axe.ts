/**
 * axe-core in the browser scenarios: WCAG 2.0/2.1 A and AA plus axe's best practices (landmarks,
 * regions, headings), so a violation on any screen fails the scenario with a readable list.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** One line per failing node: rule, impact, selector and axe's own summary of what is wrong. */
export function describeViolations(violations: AxeResults['violations']): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map(
          (node) =>
            `    - ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n\s*/g, ' | ')}\n      ${node.html.slice(0, 200)}`,
        )
        .join('\n');
      return `[${violation.impact ?? 'n/a'}] ${violation.id}: ${violation.help} (${violation.nodes.length} node(s))\n  ${violation.helpUrl}\n${nodes}`;
    })
    .join('\n\n');
}

/**
 * Fails with every violation of the page (or of `context`, a selector to limit the check to,
 * e.g. an open dialog). `context` also names the screen in the failure message.
 */
export async function expectNoAxeViolations(page: Page, context?: string | { include?: string; label?: string }) {
  const include = typeof context === 'string' ? context : context?.include;
  const label = (typeof context === 'string' ? undefined : context?.label) ?? `${new URL(page.url()).pathname} ${include ?? ''}`.trim();
  // axe reads colours from the current frame: a dialog still fading in blends its text and
  // background with the backdrop (4.18:1 measured mid-fade on the lander's signup modal, where the
  // settled modal passes). Wait for the finite animations and transitions to end first; endless
  // ones (placeholders' pulse, a looping video) are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const viewport = page.viewportSize();
  const where = `${label} at ${viewport ? `${viewport.width}x${viewport.height}` : 'default viewport'}`;
  // Soft: the scenario goes on to the next screens, so one run lists every violation.
  expect.soft(describeViolations(violations), `axe violations on ${where}`).toBe('');
}
