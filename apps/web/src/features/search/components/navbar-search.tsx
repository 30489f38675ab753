import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { messages } from '../../../lib/messages.ts';
import { prerenderedMark } from '../../../first-paint/prerendered-mark.ts';

type NavbarSearchProps = {
  /** Called after navigating, e.g. to close the phone menu. */
  onDone?: () => void;
  className?: string;
};

type PrerenderedBox = {
  focused: boolean;
  /** Its text, and news of each change, for useSyncExternalStore. */
  text: () => string;
  subscribe: (onChange: () => void) => () => void;
};

const noBox: PrerenderedBox = { focused: false, text: () => '', subscribe: () => () => {} };

/**
 * The box the build wrote into the HTML (the page's first paint), found at the first
 * render. Its text and focus are carried over to the app's box, which replaces it: a
 * visitor on a slow phone may have started typing before the app started, or while
 * its first render, drawn in slices, was under way.
 */
function takePrerenderedBox(): PrerenderedBox {
  if (typeof document === 'undefined') return noBox;
  const box = document.querySelector<HTMLInputElement>('#root input[data-prerendered]');
  if (!box) return noBox;
  const taken: PrerenderedBox = {
    focused: document.activeElement === box,
    text: () => box.value,
    subscribe: (onChange) => {
      box.addEventListener('input', onChange);
      return () => box.removeEventListener('input', onChange);
    },
  };
  box.addEventListener('focus', () => (taken.focused = true));
  // A blur the visitor made, not the one some browsers fire as React removes the box
  // (by the time this runs, the box is out of the page and the app's has the focus).
  box.addEventListener('blur', () =>
    queueMicrotask(() => {
      if (box.isConnected) taken.focused = false;
    }),
  );
  return taken;
}

/**
 * The navbar's search box: a new search for the typed text on /search. On /search it
 * shows the page's search; what is typed is kept until the next page.
 */
export function NavbarSearch({ onDone, className = '' }: NavbarSearchProps) {
  const [prerendered] = useState(takePrerenderedBox);
  // What was typed into the HTML's box until the app's box replaced it (React renders
  // again before that if it changed meanwhile), then what is typed into the app's.
  const early = useSyncExternalStore(prerendered.subscribe, prerendered.text, noBox.text);
  const { pathname, search, key } = useLocation();
  const [firstPage] = useState(key);
  const [typed, setTyped] = useState<{ text: string; on: string }>();
  const q =
    typed?.on === key
      ? typed.text
      : (key === firstPage && early) ||
        (pathname === paths.search.getHref() ? (new URLSearchParams(search).get('q') ?? '') : '');
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (prerendered.focused) input.current?.focus();
  }, [prerendered]);
  const navigate = useNavigate();
  const t = messages.search;

  return (
    // action and name: before the app has started, the browser's own submit searches too.
    <form
      role="search"
      aria-label={t.navbarLabel}
      action={paths.search.getHref()}
      className={`join ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        // Only the text, as writeFilters would write it; search-params.ts is not
        // imported here because it brings zod into Home's first download.
        const text = q.trim();
        const to = paths.search.getHref(text);
        // The same search again adds no history entry (Back would seem to do nothing).
        void navigate(to, { replace: to === pathname + search });
        onDone?.();
      }}
    >
      <input
        ref={input}
        data-prerendered={prerenderedMark}
        type="search"
        name="q"
        className="input input-sm join-item w-full min-w-0"
        aria-label={t.navbarLabel}
        placeholder={t.navbarPlaceholder}
        maxLength={200}
        value={q}
        onChange={(event) => setTyped({ text: event.currentTarget.value, on: key })}
      />
      <button
        type="submit"
        className="btn btn-sm btn-neutral join-item"
        aria-label={t.navbarSubmit}
      >
        <svg
          viewBox="0 0 24 24"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
      </button>
    </form>
  );
}
