import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../../lib/messages.ts';

type NavbarSearchProps = {
  /** Called after navigating, e.g. to close the phone menu. */
  onDone?: () => void;
  className?: string;
};

/** Whether the HTML's own box has been read (the app's first box replaces it). */
let started = false;

/**
 * The box the build wrote into the HTML (the page's first paint), read at the first
 * render: what was typed into it before the app started, and whether it had the focus.
 * That render replaces the markup, which dropped the text and the focus on a slow start.
 */
function takePrerenderedBox(): { text: string; focused: boolean } | undefined {
  if (started || typeof document === 'undefined') return undefined;
  const box = document.querySelector<HTMLInputElement>('#root form[role="search"] input');
  if (!box) return undefined;
  started = true;
  return { text: box.value, focused: document.activeElement === box };
}

/** The navbar's search box: a new search for the typed text on /search. */
export function NavbarSearch({ onDone, className = '' }: NavbarSearchProps) {
  const [prerendered] = useState(takePrerenderedBox);
  const [q, setQ] = useState(prerendered?.text ?? '');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (prerendered?.focused) input.current?.focus();
  }, [prerendered]);
  const navigate = useNavigate();
  const t = messages.search;

  return (
    <form
      role="search"
      className={`join ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        // Only the text, as writeFilters would write it; search-params.ts is not
        // imported here because it brings zod into Home's first download.
        const text = q.trim();
        void navigate(text ? `/search?${new URLSearchParams({ q: text })}` : '/search');
        onDone?.();
      }}
    >
      <input
        ref={input}
        type="search"
        name="q"
        className="input input-sm join-item w-full min-w-0"
        aria-label={t.navbarLabel}
        placeholder={t.navbarPlaceholder}
        maxLength={200}
        value={q}
        onChange={(event) => setQ(event.currentTarget.value)}
      />
      <button
        type="submit"
        className="btn btn-sm btn-primary join-item"
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
