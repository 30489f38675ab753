import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Message, Thread } from '@laptops/shared/conversations';
import { conversationKeys, orderKeys, sellerKeys } from '../../../lib/query-keys.ts';
import { createTestQueryClient } from '../../../testing/render-with-providers.tsx';
import { applyLiveEvent } from './apply-live-event.ts';

const message = (id: string, body: string): Message => ({
  _id: id,
  body,
  image: null,
  fromMe: false,
  system: false,
  sentAt: '2026-11-27T10:00:00.000Z',
});

function threadWith(messages: Message[]): InfiniteData<Thread, string | undefined> {
  return {
    pageParams: [undefined],
    pages: [
      {
        _id: 't1',
        role: 'seller',
        laptop: {
          _id: 'p1',
          name: 'ThinkPad',
          thumbnail: '/t.webp',
          resalePrice: 300,
          isSold: false,
        },
        other: { name: 'Ben', image: null },
        messaging: 'open',
        messages,
        nextCursor: null,
      },
    ],
  };
}

describe('a live event', () => {
  it('puts a new message at the top of its open thread, once, and refreshes the inbox and badge', () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(conversationKeys.thread('t1'), threadWith([message('m1', 'Hi')]));
    queryClient.setQueryData(conversationKeys.all, []);
    queryClient.setQueryData(conversationKeys.unread, { count: 0 });

    const event = {
      type: 'message',
      conversationId: 't1',
      message: message('m2', 'Still there?'),
    } as const;
    applyLiveEvent(queryClient, event);
    // A resumed stream may bring the same message again.
    applyLiveEvent(queryClient, event);

    const thread = queryClient.getQueryData<InfiniteData<Thread>>(conversationKeys.thread('t1'));
    expect(thread?.pages[0]?.messages.map((m) => m.body)).toEqual(['Still there?', 'Hi']);
    expect(queryClient.getQueryState(conversationKeys.all)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(conversationKeys.unread)?.isInvalidated).toBe(true);
    // The thread was updated in place, not thrown away.
    expect(queryClient.getQueryState(conversationKeys.thread('t1'))?.isInvalidated).toBe(false);
  });

  it('leaves threads that are not open alone, and a resync reloads everything', () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(conversationKeys.thread('t1'), threadWith([message('m1', 'Hi')]));
    applyLiveEvent(queryClient, {
      type: 'message',
      conversationId: 'other',
      message: message('m9', 'Elsewhere'),
    });
    expect(queryClient.getQueryData(conversationKeys.thread('other'))).toBeUndefined();

    applyLiveEvent(queryClient, { type: 'resync' });
    expect(queryClient.getQueryState(conversationKeys.thread('t1'))?.isInvalidated).toBe(true);
  });

  it("refreshes the orders and My buyers on a line the marketplace wrote, not on a person's message", () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(orderKeys.details('o1'), {});
    queryClient.setQueryData(sellerKeys.buyers, []);
    applyLiveEvent(queryClient, {
      type: 'message',
      conversationId: 't1',
      message: message('m3', 'Is it still for sale?'),
    });
    expect(queryClient.getQueryState(orderKeys.details('o1'))?.isInvalidated).toBe(false);

    applyLiveEvent(queryClient, {
      type: 'message',
      conversationId: 't1',
      message: { ...message('m4', 'The payment was released to the seller.'), system: true },
    });
    expect(queryClient.getQueryState(orderKeys.details('o1'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(sellerKeys.buyers)?.isInvalidated).toBe(true);
  });
});
