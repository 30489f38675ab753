import { useLayoutEffect, useState } from 'react';

/** The main area's controls: what a visitor can change or focus before the app runs. */
const mainControls = () => [
  ...(document
    .querySelector('main')
    ?.querySelectorAll('a[href],button,input,select,textarea,summary,details') ?? []),
];

/** A control's index, and its value or (a disclosure) whether it is open. */
type Change = [index: number, state: string | boolean];

/**
 * What the visitor did to the page the HTML holds: read from its own controls, which
 * keep their state once the app's page has replaced them, so a choice made while the
 * app's first render was being drawn (it is drawn in slices) is kept too.
 */
function readDrawnPlace(controls: Element[]) {
  const changes: Change[] = [];
  controls.forEach((control, index) => {
    if (control instanceof HTMLDetailsElement) {
      // Marked by the start script (start-after-paint.js): `open` is an attribute too.
      if (control.hasAttribute('data-toggled')) changes.push([index, control.open]);
    } else if (control instanceof HTMLSelectElement) {
      if ([...control.options].some((option) => option.selected !== option.defaultSelected)) {
        changes.push([index, control.value]);
      }
    } else if (
      (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) &&
      control.value !== control.defaultValue
    ) {
      changes.push([index, control.value]);
    }
  });
  // Marked by the start script: a button tapped before the app could act on it.
  return { changes, tapped: controls.findIndex((control) => control.hasAttribute('data-tapped')) };
}

/**
 * Keeps the visitor's place when the app takes over the page the HTML holds
 * (prerendered, or drawn by the server). The router's scroll restoration would send a
 * first render to the top, and the app's markup, the same as the HTML's, has its
 * fields as drawn and its disclosures closed: rendered after the router, this puts
 * back the scroll position and, in the main area, what was typed, chosen, opened or
 * closed, and the focus, in the same frame, and taps the button the visitor tapped
 * (Book, Report, a card's menu). Only the scroll position if the app's page does not
 * have the same controls.
 */
export function trackPlaceUntilTakeover() {
  let top = window.scrollY;
  const track = () => {
    top = window.scrollY;
  };
  window.addEventListener('scroll', track, { passive: true });
  return function KeepPlaceOnTakeover() {
    // The drawn page's controls, and its focus, before the app's page replaces it.
    const [drawn] = useState(() => {
      const controls = mainControls();
      return { controls, focused: controls.findIndex((c) => c === document.activeElement) };
    });
    useLayoutEffect(() => {
      window.removeEventListener('scroll', track);
      if (top > 0) window.scrollTo(0, top);
      const controls = mainControls();
      if (controls.length !== drawn.controls.length) return;
      const { changes, tapped: tappedIndex } = readDrawnPlace(drawn.controls);
      for (const [index, state] of changes) {
        const control = controls[index];
        if (control instanceof HTMLDetailsElement) {
          control.open = state === true;
          // Told at once, as a click on its summary would (the browser's own is queued).
          control.dispatchEvent(new Event('toggle'));
        } else if (control) {
          // Set as typing would: the prototype's setter, as React's own on the element
          // would hide the change from its onChange.
          Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')?.set?.call(
            control,
            state,
          );
          control.dispatchEvent(new Event('change', { bubbles: true }));
        }
      }
      const focused = controls[drawn.focused];
      if (focused instanceof HTMLElement) focused.focus({ preventScroll: true });
      // The tap the drawn page could not act on, on the app's own button, once this
      // render is done (it may open a dialog or go to another page).
      const tapped = controls[tappedIndex];
      if (tapped instanceof HTMLButtonElement) setTimeout(() => tapped.click(), 0);
    }, [drawn]);
    return null;
  };
}
