import { useCallback, useRef } from 'react';

/**
 * Focus for a button that its own action replaces (a 'Verify' button that becomes the
 * 'Verified' badge): what is drawn in its place takes the focus when it appears, so a
 * keyboard or screen-reader user stays where they were instead of falling back to the
 * top of the page. `expect(key)` on the click, `forget()` if the action fails, and
 * `ref(key)` on the replacement (focusable: tabIndex -1).
 */
export function useFocusReplacement() {
  const expected = useRef<string | null>(null);
  const expect = useCallback((key: string) => {
    expected.current = key;
  }, []);
  const forget = useCallback(() => {
    expected.current = null;
  }, []);
  const ref = useCallback(
    (key: string) => (node: HTMLElement | null) => {
      if (node && expected.current === key) {
        expected.current = null;
        // Only focus left behind by the button: not focus the user has moved on with.
        const active = document.activeElement;
        if (active === null || active === document.body) node.focus();
      }
    },
    [],
  );
  return { expect, forget, ref };
}
