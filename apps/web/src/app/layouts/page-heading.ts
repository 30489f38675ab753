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
  /**
   * Set on a move to another page until its heading is drawn: what had focus then
   * (nothing, or the link followed), which the heading may take it from.
   */
  const focusFrom = useRef<{ element: Element | null; until: number } | null>(null);
  const shownPath = useRef<string | null>(null);

  useEffect(() => {
    const main = document.getElementById(mainId);
    if (!main) return;
    update.current = () => {
      const heading = main.querySelector('h1');
      const text = heading?.textContent?.trim() ?? '';
      const title =
        text && text !== messages.appName ? `${text} · ${messages.appName}` : HOME_TITLE;
      if (document.title !== title) document.title = title;
      const from = focusFrom.current;
      if (!heading || !from) return;
      focusFrom.current = null;
      const active = document.activeElement;
      const leftOnNothing = active === null || active === document.body;
      const stillOnLink = active === from.element && active instanceof HTMLAnchorElement;
      // Not long after the move: a heading that comes late must not take focus from
      // wherever the visitor has gone meanwhile.
      if ((leftOnNothing || stillOnLink) && Date.now() < from.until) {
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
    // Not on the page the visitor opened (the browser starts at its top by itself);
    // the same path again is the same page (React runs effects twice in development).
    const moved = shownPath.current !== null && shownPath.current !== pathname;
    shownPath.current = pathname;
    if (!moved) return;
    focusFrom.current = { element: document.activeElement, until: Date.now() + 10_000 };
    update.current();
  }, [pathname]);
}
