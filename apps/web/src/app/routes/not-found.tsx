import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { messages } from '../../lib/messages.ts';
import { withTimeout } from '../lazy-route.ts';

// Loaded when first shown: Home's first download does not need it.
const NotFoundGraphic = lazy(
  withTimeout(async () => ({
    default: (await import('../not-found-graphic.tsx')).NotFoundGraphic,
  })),
);

/** Its own texts: it loads when first shown, not with Home. */
const notFoundTexts = {
  title: 'Page not found',
  text: 'The page you are looking for does not exist or has moved.',
} as const;

/** Any unknown path: the animated 404 graphic and a way home, nothing else. */
export function NotFoundRoute() {
  return (
    <section className="flex flex-col items-center gap-4 py-10 text-center">
      {/* The graphic's size (its viewBox), so nothing moves when it comes in. */}
      <Suspense fallback={<div className="aspect-[420/300] w-full max-w-[420px]" />}>
        <NotFoundGraphic />
      </Suspense>
      <h1 className="text-3xl font-bold">{notFoundTexts.title}</h1>
      <p className="max-w-md text-base-content/75">{notFoundTexts.text}</p>
      <Link to={paths.home.getHref()} className="btn btn-neutral">
        {messages.errors.backHome}
      </Link>
    </section>
  );
}
