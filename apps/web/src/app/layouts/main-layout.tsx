import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';

export function MainLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="btn btn-primary btn-sm absolute -top-20 left-2 z-50 focus:top-2">
        Skip to content
      </a>
      <Navbar />
      {/* At least a screen tall, so the footer starts below the fold and does not
          jump down when a page's list arrives (layout shift). */}
      <main id="main" className="mx-auto min-h-svh w-full max-w-7xl flex-1 px-4 py-6">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
