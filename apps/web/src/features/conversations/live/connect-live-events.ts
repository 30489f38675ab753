import type { QueryClient } from '@tanstack/react-query';
import { liveEventSchema, livePath, type LiveEvent } from '@laptops/shared/live';
import { applyLiveEvent } from './apply-live-event.ts';

const eventTypes: LiveEvent['type'][] = ['message', 'read', 'resync'];

/**
 * Opens the signed-in user's event stream. The browser reconnects by itself after a
 * drop and sends the last message id it saw, so the server replays what was missed.
 * Returns the function that closes it.
 */
export function connectLiveEvents(queryClient: QueryClient): () => void {
  const source = new EventSource(livePath);
  const onEvent = (raw: Event) => {
    let data: unknown;
    try {
      data = JSON.parse((raw as MessageEvent<string>).data);
    } catch {
      return;
    }
    const parsed = liveEventSchema.safeParse(data);
    if (parsed.success) applyLiveEvent(queryClient, parsed.data);
  };
  for (const type of eventTypes) source.addEventListener(type, onEvent);
  // What came while the stream was not open is fetched again each time it opens: on a
  // reconnect, and on the first connection too, since the badge and the inbox were
  // fetched before it (a message sent in between showed only on the next page).
  source.addEventListener('open', () => applyLiveEvent(queryClient, { type: 'resync' }));
  return () => source.close();
}
