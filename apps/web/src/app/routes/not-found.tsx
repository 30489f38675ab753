import { Link } from 'react-router';
import { messages } from '../../lib/messages.ts';
import { NotFoundGraphic } from '../not-found-graphic.tsx';

/** Any unknown path: the animated 404 graphic and a way home, nothing else. */
export function NotFoundRoute() {
  const t = messages.errors;
  return (
    <section className="flex flex-col items-center gap-4 py-10 text-center">
      <NotFoundGraphic />
      <h1 className="text-3xl font-bold">{t.notFoundTitle}</h1>
      <p className="max-w-md text-base-content/75">{t.notFoundText}</p>
      <Link to="/" className="btn btn-primary">
        {t.backHome}
      </Link>
    </section>
  );
}
