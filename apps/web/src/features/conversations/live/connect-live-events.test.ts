import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationKeys } from '../../../lib/query-keys.ts';
import { createTestQueryClient } from '../../../testing/render-with-providers.tsx';
import { connectLiveEvents } from './connect-live-events.ts';

/** Stands in for the browser's EventSource: the test says when it opens. */
class FakeEventSource extends EventTarget {
  static last: FakeEventSource | undefined;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.last = this;
  }
  close() {
    this.closed = true;
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('the live event stream', () => {
  it('asks for the badge and the inbox again when it first opens, and on every reconnect', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const queryClient = createTestQueryClient();
    const isStale = () => queryClient.getQueryState(conversationKeys.unread)?.isInvalidated;
    queryClient.setQueryData(conversationKeys.unread, { count: 0 });
    queryClient.setQueryData(conversationKeys.all, []);
    const close = connectLiveEvents(queryClient);
    const source = FakeEventSource.last!;

    // A message sent after the badge was fetched and before the stream opened.
    source.dispatchEvent(new Event('open'));
    expect(isStale()).toBe(true);
    expect(queryClient.getQueryState(conversationKeys.all)?.isInvalidated).toBe(true);

    queryClient.setQueryData(conversationKeys.unread, { count: 1 });
    expect(isStale()).toBe(false);
    source.dispatchEvent(new Event('open'));
    expect(isStale()).toBe(true);

    close();
    expect(source.closed).toBe(true);
  });
});
