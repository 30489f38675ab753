import { useEffect } from 'react';
import { messages } from '../../lib/messages.ts';

/** Home's title, as index.html has it. */
const HOME_TITLE = 'Laptop Resale: used laptops at fair prices';

/**
 * Keeps the tab's title in step with the page's main heading ("My Orders · Laptop
 * Resale"), so tabs, history and screen readers name each page (WCAG 2.4.2). Every
 * page has one h1, some only once their data arrives (a category's name), so the
 * title follows the heading as it changes rather than each page setting its own.
 * Home, whose heading is the site's name, has the site's own title. Updated straight
 * from the observer (it batches changes already): a tab opened in the background gets
 * no animation frames, and its title matters most there.
 */
export function useTitleFromHeading(mainId: string) {
  useEffect(() => {
    const main = document.getElementById(mainId);
    if (!main) return;
    const update = () => {
      const heading = main.querySelector('h1')?.textContent?.trim() ?? '';
      const title =
        heading && heading !== messages.appName ? `${heading} · ${messages.appName}` : HOME_TITLE;
      if (document.title !== title) document.title = title;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [mainId]);
}
