import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast/headless';
import { useLocation, useNavigate } from 'react-router';
import type { Product } from '@laptops/shared/products';
import { useSession } from '../features/auth/api/get-session.ts';
import { messages } from '../lib/messages.ts';
import { withTimeout } from './lazy-route.ts';

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

/**
 * What 'Book Now' and 'Report Product' do on a card, and the modals they open. A
 * guest's Book Now opens the booking modal with 'Add To Book' disabled and a way to
 * log in (SPEC.md "Booking modal"); a guest's Report goes to /login, remembering the page.
 */
export function useProductActions(): {
  onBook: (product: Product) => void;
  onReport: (product: Product) => void;
  modals: ReactNode;
} {
  const navigate = useNavigate();
  const location = useLocation();
  const { data: user } = useSession();
  const [reported, setReported] = useState<Product | null>(null);
  const [booked, setBooked] = useState<Product | null>(null);

  const toLogin = useCallback(
    () => void navigate('/login', { state: { from: location } }),
    [navigate, location],
  );

  const onReport = useCallback(
    (product: Product) => (user ? setReported(product) : toLogin()),
    [user, toLogin],
  );

  const onBook = useCallback(
    (product: Product) => {
      // Only buyers book; the server refuses anyone else too.
      if (user && user.typeOfUser !== 'buyer') return void toast.error(messages.booking.buyersOnly);
      setBooked(product);
    },
    [user],
  );

  return {
    onBook,
    onReport,
    modals: (
      <Suspense fallback={null}>
        {reported && (
          <ReportModal key={reported._id} product={reported} onClose={() => setReported(null)} />
        )}
        {booked && (
          <BookingModal
            key={booked._id}
            product={booked}
            signedIn={Boolean(user)}
            onClose={() => setBooked(null)}
          />
        )}
      </Suspense>
    ),
  };
}
