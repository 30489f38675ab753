import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** axe's findings on the page as it is now, as "rule: where", so a failure names what to fix. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes
        .map((node) => node.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
}
