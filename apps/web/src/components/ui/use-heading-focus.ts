import { useEffect, useRef } from 'react';

/**
 * After a confirmed delete the row and its button are gone, so focus moves to the
 * page heading once the dialog has closed (a child's effect runs first, so the
 * heading is no longer inert then). Call `focusHeadingOnClose()` on success.
 */
export function useHeadingFocusAfterClose(dialogOpen: boolean) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const pending = useRef(false);
  useEffect(() => {
    if (!dialogOpen && pending.current) {
      pending.current = false;
      headingRef.current?.focus();
    }
  }, [dialogOpen]);
  return {
    headingRef,
    focusHeadingOnClose: () => {
      pending.current = true;
    },
  };
}
