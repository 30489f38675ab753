import http from 'node:http';
import type { LiveEvent } from '@laptops/shared/live';

export type ReceivedEvent = { id: string | null; event: LiveEvent };

/**
 * A client for GET /api/live as a browser's EventSource reads it: frames split on blank
 * lines, `id:` and `data:` fields, comments ignored. `next` waits for an event. Each
 * stream has a connection of its own (not fetch's shared pool), closed with it.
 */
export async function openEventStream(
  baseUrl: string,
  cookie: string,
  options: { lastEventId?: string; origin?: string } = {},
) {
  const headers: Record<string, string> = { cookie, origin: options.origin ?? baseUrl };
  if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get(`${baseUrl}/api/live`, { headers, agent: false }, resolve).on('error', reject);
  });
  let closing = false;
  const received: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  let failure: unknown;

  async function read() {
    response.setEncoding('utf8');
    let buffer = '';
    try {
      for await (const chunk of response) {
        buffer += chunk as string;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let id: string | null = null;
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) id = line.slice(4);
            if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (data) received.push({ id, event: JSON.parse(data) as LiveEvent });
          for (const wake of waiters) wake();
        }
      }
    } catch (error) {
      if (!closing) failure = error;
    } finally {
      ended = true;
      for (const wake of waiters) wake();
    }
  }
  if (response.statusCode === 200) void read();
  else response.resume();

  return {
    status: response.statusCode,
    contentType: response.headers['content-type'],
    received,
    /** Whether the server has ended the stream. */
    get ended() {
      return ended;
    },
    /** The first event (from `from` on) that matches, or a timeout error. */
    async next(
      match: (event: LiveEvent) => boolean = () => true,
      { from = 0, timeoutMs = 5_000 } = {},
    ): Promise<ReceivedEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.slice(from).find((item) => match(item.event));
        if (found) return found;
        if (failure) throw failure;
        if (ended) throw new Error('the event stream ended');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no such event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, left);
          function done() {
            clearTimeout(timer);
            waiters.delete(done);
            resolve();
          }
          waiters.add(done);
        });
      }
    },
    close() {
      closing = true;
      response.destroy();
    },
  };
}

export type EventStreamClient = Awaited<ReturnType<typeof openEventStream>>;
