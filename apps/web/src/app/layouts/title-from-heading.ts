import { useEffect } from 'react';

const SITE = 'Laptop Resale';

/**
 * Keeps the tab's title in step with the page's main heading ("My Orders · Laptop
 * Resale"), so tabs, history and screen readers name each page (WCAG 2.4.2). Every
 * page has one h1, some only once their data arrives (a category's name), so the
 * title follows the heading as it changes rather than each page setting its own.
 * Home, whose heading is the site's name, keeps the HTML's own title.
 */
export function useTitleFromHeading(mainId: string) {
  useEffect(() => {
    const main = document.getElementById(mainId);
    if (!main) return;
    const homeTitle = document.title;
    let frame = 0;
    const update = () => {
      frame = 0;
      const heading = main.querySelector('h1')?.textContent?.trim() ?? '';
      const title = heading && heading !== SITE ? `${heading} · ${SITE}` : homeTitle;
      if (document.title !== title) document.title = title;
    };
    update();
    const observer = new MutationObserver(() => {
      frame ||= requestAnimationFrame(update);
    });
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [mainId]);
}
