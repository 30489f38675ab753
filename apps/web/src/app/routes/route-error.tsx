import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../../config/paths.ts';
import { messages } from '../../lib/messages.ts';
import { withTimeout } from '../lazy-route.ts';

// A 404 is rare: its page loads when one happens, not with Home (the web budget).
const NotFoundRoute = lazy(
  withTimeout(async () => ({ default: (await import('./not-found.tsx')).NotFoundRoute })),
);

/** The layouts' error screen: a render or loader error below a layout lands here. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={null}>
        <NotFoundRoute />
      </Suspense>
    );
  }
  const t = messages.errors;
  return (
    <section
      role="alert"
      className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center"
    >
      <svg viewBox="0 0 64 64" className="size-20 text-error" aria-hidden="true">
        <circle cx="32" cy="32" r="28" fill="none" stroke="currentColor" strokeWidth="4" />
        <path d="M32 16v22M32 44v4" stroke="currentColor" strokeWidth="5" strokeLinecap="round" />
      </svg>
      <h1 className="text-3xl font-bold">{t.errorTitle}</h1>
      <p className="text-base-content/75">{t.errorText}</p>
      <div className="flex gap-3">
        <button type="button" className="btn btn-neutral" onClick={() => window.location.reload()}>
          {t.reload}
        </button>
        <Link to={paths.home.getHref()} className="btn btn-ghost" reloadDocument>
          {t.backHome}
        </Link>
      </div>
    </section>
  );
}
