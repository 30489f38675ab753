import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Keeps the signed-in user's event stream open on every page, so threads, the inbox
 * and the navbar's badge follow new messages at once. Its code loads after the page.
 */
export function useLiveEvents(signedIn: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn || typeof EventSource === 'undefined') return;
    let close: (() => void) | undefined;
    let cancelled = false;
    void import('./connect-live-events.ts').then(({ connectLiveEvents }) => {
      if (!cancelled) close = connectLiveEvents(queryClient);
    });
    return () => {
      cancelled = true;
      close?.();
    };
  }, [signedIn, queryClient]);
}
