import type { ReactNode } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { messages } from '../../lib/messages.ts';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';
import { usePageHeading } from './page-heading.ts';

/** What every page sits in: the skip link, the navbar, the main area and the footer. */
export function SiteFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="btn btn-neutral btn-sm absolute -top-20 left-2 z-50 focus:top-2">
        Skip to content
      </a>
      <Navbar />
      {/* At least a screen tall, so the footer starts below the fold and does not
          jump down when a page's list arrives (layout shift). The space above the
          footer is the main area's own padding, so the dashboard's side menu can run
          down to the footer. */}
      <main id="main" className="mx-auto min-h-svh w-full max-w-7xl flex-1 px-4 pt-6 pb-22">
        {children}
      </main>
      <Footer />
    </div>
  );
}

export function MainLayout() {
  usePageHeading('main');
  const loadingNextPage = useNavigation().state === 'loading';
  return (
    <>
      {loadingNextPage && (
        <div className="navigation-progress" role="progressbar" aria-label={messages.loading} />
      )}
      <SiteFrame>
        <Outlet />
      </SiteFrame>
      <ScrollRestoration />
    </>
  );
}

/**
 * The first paint of a page whose code is still loading: the frame with the spinner,
 * as the router draws it (the spinner is the route's HydrateFallback). The build
 * writes it into the HTML (src/first-paint/render-pages.tsx), so it shows before any
 * script has run.
 */
export function LoadingPage() {
  return (
    <SiteFrame>
      <Spinner />
    </SiteFrame>
  );
}
