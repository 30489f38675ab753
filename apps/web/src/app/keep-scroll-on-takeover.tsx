import { useLayoutEffect } from 'react';

/**
 * Where the visitor has scrolled the page the HTML holds (prerendered, or drawn by the
 * server) before the app takes it over. The router's scroll restoration sends a first
 * render to the top; rendered after the router, this puts the page back where the
 * visitor left it, in the same frame.
 */
export function trackScrollUntilTakeover() {
  let top = window.scrollY;
  const track = () => {
    top = window.scrollY;
  };
  window.addEventListener('scroll', track, { passive: true });
  return function KeepScrollOnTakeover() {
    useLayoutEffect(() => {
      window.removeEventListener('scroll', track);
      if (top > 0) window.scrollTo(0, top);
    }, []);
    return null;
  };
}
