import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { Product } from '@laptops/shared/products';
import { paths } from '../config/paths.ts';
import { useSession } from '../lib/get-session.ts';
import { myOrdersQueryOptions } from '../features/orders/api/get-my-orders.ts';
import { messages } from '../lib/messages.ts';
import { withTimeout } from './lazy-route.ts';
import { toastLater } from '../components/ui/toast-later.ts';

// The modals (and their forms and zod) load when first opened, not with the lists.
const BookingModal = lazy(
  withTimeout(async () => ({
    default: (await import('../features/orders/components/booking-modal.tsx')).BookingModal,
  })),
);
const ReportModal = lazy(
  withTimeout(async () => ({
    default: (await import('../features/reports/components/report-modal.tsx')).ReportModal,
  })),
);

type Action = 'book' | 'report';
type PendingAction = { action: Action; product: Product; path: string; at: number };

/**
 * What a guest asked for before logging in: kept in this tab (sessionStorage survives
 * the trip through Google's sign-in too) and carried out back on the same page.
 */
const PENDING_KEY = 'laptops.pending-action';
const PENDING_FOR_MS = 30 * 60_000;

function takePendingAction(path: string): PendingAction | null {
  try {
    const saved = sessionStorage.getItem(PENDING_KEY);
    if (!saved) return null;
    const pending = JSON.parse(saved) as PendingAction;
    if (pending.path !== path) return null;
    sessionStorage.removeItem(PENDING_KEY);
    return Date.now() - pending.at < PENDING_FOR_MS ? pending : null;
  } catch {
    return null;
  }
}

/**
 * What Book and Report do on a card, and the modals they open. A guest is asked to log
 * in first and comes back to the same page with the form open; a buyer's card for a
 * laptop they have booked offers to pay instead.
 */
export function useProductActions(): {
  onBook: (product: Product) => void;
  onReport: (product: Product) => void;
  /** The buyer's unpaid booking of a laptop, if any. */
  bookingOf: (productId: string) => string | undefined;
  modals: ReactNode;
} {
  const navigate = useNavigate();
  const location = useLocation();
  const { data: user } = useSession();
  const [open, setOpen] = useState<{ action: Action; product: Product } | null>(null);
  const isBuyer = user?.typeOfUser === 'buyer';
  const orders = useQuery({ ...myOrdersQueryOptions(), enabled: isBuyer });

  const act = useCallback(
    (action: Action, product: Product) => {
      if (!user) {
        const pending: PendingAction = { action, product, path: location.pathname, at: Date.now() };
        try {
          sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
        } catch {
          // Storage refused (private mode): they come back to the page, one tap away.
        }
        toastLater.blank(
          action === 'book' ? messages.booking.logInToBook : messages.booking.logInToReport,
        );
        return void navigate(paths.login.getHref(), { state: { from: location } });
      }
      // Only buyers book; the server refuses anyone else too.
      if (action === 'book' && user.typeOfUser !== 'buyer')
        return void toastLater.error(messages.booking.buyersOnly);
      setOpen({ action, product });
    },
    [user, navigate, location],
  );

  // Back from logging in: the form the guest asked for.
  useEffect(() => {
    if (!user) return;
    const pending = takePendingAction(location.pathname);
    // Read from the tab's storage once the session is known: an outside system, as effects are for.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- opens the form once, on sign-in
    if (pending) act(pending.action, pending.product);
  }, [user, location.pathname, act]);

  const onBook = useCallback((product: Product) => act('book', product), [act]);
  const onReport = useCallback((product: Product) => act('report', product), [act]);
  const bookingOf = useCallback(
    (productId: string) =>
      orders.data?.find((order) => order.productId === productId && order.status === 'unpaid')?._id,
    [orders.data],
  );
  const close = () => setOpen(null);

  return {
    onBook,
    onReport,
    bookingOf,
    modals: (
      <Suspense fallback={null}>
        {open?.action === 'report' && (
          <ReportModal key={open.product._id} product={open.product} onClose={close} />
        )}
        {open?.action === 'book' && (
          <BookingModal key={open.product._id} product={open.product} onClose={close} />
        )}
      </Suspense>
    ),
  };
}
