import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { Product } from '@laptops/shared/products';
import { paths } from '../config/paths.ts';
import { ApiRequestError, apiRequest, serverChecked } from '../lib/api-client.ts';
import { conversationKeys, favouriteKeys } from '../lib/query-keys.ts';
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

// Starting a conversation (its call and zod contract) loads on the tap: Home's first
// download does without it (the web budget).
const loadStartConversation = withTimeout(
  async () => import('../features/conversations/api/start-conversation.ts'),
);

/** The hearts' two calls, checked by the server (no zod on Home: the web budget). */
const favouritesAt = '/api/favourites/';
const saveFavourite = (productId: string, save: boolean) =>
  apiRequest(favouritesAt + encodeURIComponent(productId), serverChecked(), {
    method: save ? 'PUT' : 'DELETE',
  });

/** A refusal's reason (the server's words), or that the marketplace could not be reached. */
const toastError = (error: unknown) =>
  toastLater.error(error instanceof ApiRequestError ? error.message : messages.networkError);

type Action = 'book' | 'report' | 'ask' | 'save' | 'unsave';
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

/** What a guest is asked to log in to do: "Please log in to book this laptop." */
const logInTo: Record<Action, string> = {
  book: 'book this laptop',
  report: 'report this laptop',
  ask: 'ask the seller',
  save: 'save this laptop',
  unsave: 'save this laptop',
};

/**
 * What Book, Report, Ask the seller and the heart do on a card and a laptop's page, and
 * the modals they open. A guest is asked to log in first and comes back to the same page,
 * where the form opens (or the conversation, or the laptop is saved); a buyer's card for
 * a laptop they have booked offers to pay instead. Only buyers have hearts. Asking opens the viewer's one conversation about the laptop, started
 * if there is none (the server refuses its seller, and a sold laptop).
 */
export function useProductActions(): {
  onBook: (product: Product) => void;
  onReport: (product: Product) => void;
  onAsk: (product: Product) => void;
  /** The buyer's unpaid booking of a laptop, if any. */
  bookingOf: (productId: string) => string | undefined;
  /** The heart: for guests and buyers only (sellers and admins do not save laptops). */
  onSave: ((product: Product) => void) | undefined;
  isSaved: (productId: string) => boolean;
  modals: ReactNode;
} {
  const navigate = useNavigate();
  const location = useLocation();
  const { data: user } = useSession();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<{ action: Action; product: Product } | null>(null);
  const isBuyer = user?.typeOfUser === 'buyer';
  const orders = useQuery({ ...myOrdersQueryOptions(), enabled: isBuyer });
  // Asked once the session says buyer: never on a guest's first paint.
  const savedIds = useQuery({
    queryKey: favouriteKeys.ids,
    queryFn: async () =>
      (await apiRequest(favouritesAt + 'ids', serverChecked<{ productIds: string[] }>()))
        .productIds,
    enabled: isBuyer,
  });

  const act = useCallback(
    (action: Action, product: Product) => {
      if (!user) {
        const pending: PendingAction = { action, product, path: location.pathname, at: Date.now() };
        try {
          sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
        } catch {
          // Storage refused (private mode): they come back to the page, one tap away.
        }
        toastLater.blank(messages.booking.logInTo(logInTo[action]));
        return void navigate(paths.login.getHref(), { state: { from: location } });
      }
      if (action === 'ask') {
        return void loadStartConversation()
          .then(({ startConversation }) => startConversation(product._id))
          .then(({ conversationId }) => {
            // Not refreshAfterWrite: importing it here moves part of TanStack Query out of
            // Home's entry chunk into a chunk of its own (+0.4 KB for Home, measured).
            void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
            return navigate(paths.dashboard.conversation.getHref(conversationId));
          })
          .catch(toastError);
      }
      // Only buyers book and save (a guest may log in as a seller); the server refuses
      // anyone else too.
      if (user.typeOfUser !== 'buyer' && (action === 'book' || action === 'save'))
        return void toastLater.error(
          action === 'book' ? messages.booking.buyersOnly : messages.booking.buyersOnlySave,
        );
      if (action === 'save' || action === 'unsave') {
        // The heart changes at once, and goes back if the server says no.
        const save = action === 'save';
        queryClient.setQueryData<string[]>(favouriteKeys.ids, (ids = []) =>
          save ? [...ids, product._id] : ids.filter((id) => id !== product._id),
        );
        return void saveFavourite(product._id, save)
          .catch(toastError)
          .finally(() => queryClient.invalidateQueries({ queryKey: favouriteKeys.all }));
      }
      setOpen({ action, product });
    },
    [user, navigate, location, queryClient],
  );

  // Back from logging in: what the guest asked for (a form, the conversation, the heart).
  useEffect(() => {
    if (!user) return;
    const pending = takePendingAction(location.pathname);
    // Read from the tab's storage once the session is known: an outside system, as effects are for.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- opens the form once, on sign-in
    if (pending) act(pending.action, pending.product);
  }, [user, location.pathname, act]);

  const onBook = useCallback((product: Product) => act('book', product), [act]);
  const onReport = useCallback((product: Product) => act('report', product), [act]);
  const onAsk = useCallback((product: Product) => act('ask', product), [act]);
  const saved = savedIds.data;
  const isSaved = useCallback((productId: string) => saved?.includes(productId) ?? false, [saved]);
  const onSave = useCallback(
    (product: Product) => act(isSaved(product._id) ? 'unsave' : 'save', product),
    [act, isSaved],
  );
  const bookingOf = useCallback(
    (productId: string) =>
      orders.data?.find((order) => order.productId === productId && order.status === 'unpaid')?._id,
    [orders.data],
  );
  const close = () => setOpen(null);

  return {
    onBook,
    onReport,
    onAsk,
    bookingOf,
    onSave: !user || isBuyer ? onSave : undefined,
    isSaved,
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
