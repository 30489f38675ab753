import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { messages } from '../../lib/messages.ts';

/** Home's title, as index.html has it. */
const HOME_TITLE = 'Laptop Resale: used laptops at fair prices';

/**
 * What each page's main heading (its one h1) does for the whole page, watched as it
 * changes, since some headings come only with their page's data (a category's name):
 *
 * - The tab's title follows it ("My Orders · Laptop Resale"), so tabs, history and
 *   screen readers name each page (WCAG 2.4.2). Home, whose heading is the site's
 *   name, has the site's own title. Set straight from the observer (it batches
 *   changes already): a tab opened in the background gets no animation frames.
 * - After a move to another page, focus goes to it once it is drawn, so a keyboard
 *   continues from the new page and a screen reader announces it. Only when focus was
 *   left on nothing (the link followed went with the old page) or on the link followed
 *   (the navbar's, the drawer's): a field or button the visitor or the page chose
 *   keeps it. Filters and pages of one list change the query, not the page.
 */
export function usePageHeading(mainId: string) {
  const { pathname } = useLocation();
  const update = useRef<() => void>(() => {});
  /** Until when the heading of the page moved to is to take focus (0: not at all). */
  const focusBy = useRef(0);
  const firstPage = useRef(true);

  useEffect(() => {
    const main = document.getElementById(mainId);
    if (!main) return;
    update.current = () => {
      const heading = main.querySelector('h1');
      const text = heading?.textContent?.trim() ?? '';
      const title =
        text && text !== messages.appName ? `${text} · ${messages.appName}` : HOME_TITLE;
      if (document.title !== title) document.title = title;
      if (!heading || Date.now() > focusBy.current) return;
      focusBy.current = 0;
      const active = document.activeElement;
      if (active === null || active === document.body || active instanceof HTMLAnchorElement) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
    };
    update.current();
    const observer = new MutationObserver(() => update.current());
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [mainId]);

  useEffect(() => {
    // Not on the page the visitor opened (the browser starts at its top by itself),
    // nor long after the move: a heading that comes late must not take focus from
    // wherever the visitor has gone meanwhile.
    focusBy.current = firstPage.current ? 0 : Date.now() + 10_000;
    firstPage.current = false;
    update.current();
  }, [pathname]);
}
