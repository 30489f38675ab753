import { expect, type Locator } from '@playwright/test';

/**
 * Waits until the app has taken over the element: a page the server drew is plain
 * HTML until the app's first render replaces it (about a second, longer on a busy
 * host). A click on a drawn button before then is repeated by the app only when its
 * first render has the same controls as the drawn page; a test that clicks waits for
 * the app instead. The app's elements carry React's own properties; the drawn ones do not.
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
