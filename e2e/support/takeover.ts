import { expect, type Locator } from '@playwright/test';

/**
 * Waits until the app has taken over the element: a page the server drew is plain
 * HTML until the app's first render replaces it (about a second, longer on a busy
 * host), and a click on a drawn button before then does nothing. The app's elements
 * carry React's own properties; the drawn ones do not.
 */
export async function takenOver(locator: Locator): Promise<Locator> {
  await expect
    .poll(() =>
      locator.evaluate((element) =>
        Object.keys(element).some((key) => key.startsWith('__reactFiber')),
      ),
    )
    .toBe(true);
  return locator;
}
