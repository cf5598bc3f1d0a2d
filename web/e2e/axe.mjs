// Accessibility check of what the page shows, with axe-core (WCAG 2.0 and 2.1, levels A and AA): a test
// fails on any violation, naming the rule, its impact, the elements and what is wrong with them.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { animationsEnded } from './browser.mjs';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFile(join(dirname(require.resolve('axe-core')), 'axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The violations, one readable block each. */
export function describeViolations(violations) {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => `    - ${node.target.join(' ')}\n      ${node.failureSummary.replace(/\n/g, '\n      ')}`)
        .join('\n');
      return `  ${violation.id} (${violation.impact}): ${violation.help}\n${nodes}`;
    })
    .join('\n');
}

/**
 * Runs axe-core on the page as it is now (the screen `screenName`, in the failure's message) and fails
 * when anything breaks the WCAG 2.1 AA rules. Animations are let finish first, as a half-faded element
 * would show a wrong contrast.
 * @param {import('playwright-core').Page} page
 * @param {string} screenName
 */
export async function expectNoAxeViolations(page, screenName) {
  await animationsEnded(page);
  // Evaluated, not added as a <script>: the product's Content-Security-Policy refuses inline scripts,
  // and the screens are checked under it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await AXE_SOURCE);
  const violations = await page.evaluate(
    (tags) =>
      window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }).then((r) =>
        r.violations.map(({ id, impact, help, nodes }) => ({
          id,
          impact,
          help,
          nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
        })),
      ),
    TAGS,
  );
  // AXE_LOG=1 prints what each screen gives, failing or not; AXE_LOG=only does not fail (to survey).
  if (process.env.AXE_LOG) {
    const elements = violations.reduce((n, v) => n + v.nodes.length, 0);
    const rules = violations.map((v) => `${v.id}×${v.nodes.length}`).join(', ');
    console.log(`axe: ${screenName}: ${violations.length} violation(s), ${elements} element(s) ${rules}`);
    if (violations.length > 0) console.log(describeViolations(violations));
    if (process.env.AXE_LOG === 'only') return;
  }
  assert.equal(
    violations.length,
    0,
    `${screenName}: ${violations.length} accessibility violation(s):\n${describeViolations(violations)}`,
  );
}
