import http from 'node:http';
import { createFakeConnect, metadataOf } from './fake-stripe-connect.ts';

type Intent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  /** Unix seconds. */
  created: number;
};

/**
 * A local HTTP server that answers the Stripe API calls the stripe provider makes
 * (create, retrieve and list payment intents, create refunds, and Connect's accounts,
 * account links and transfers: fake-stripe-connect.ts), so the real Stripe SDK can be
 * used offline. It honours idempotency keys like Stripe does.
 */
export async function startFakeStripe() {
  const intents = new Map<string, Intent>();
  const byIdempotencyKey = new Map<string, Intent>();
  const refunds: {
    payment_intent: string;
    idempotencyKey: string | undefined;
    amount?: number;
  }[] = [];
  const requests: {
    method: string;
    path: string;
    idempotencyKey: string | undefined;
    body: URLSearchParams;
    query: URLSearchParams;
  }[] = [];
  let counter = 0;
  /** Keys whose first create failed: Stripe answers them with that failure again. */
  const failedKeys = new Set<string>();
  let failNextCreate = false;
  let refundsDown = false;
  /** Payment intents whose money went back, and the refund each idempotency key made. */
  const refunded = new Set<string>();
  const refundByKey = new Map<string, unknown>();
  /** Stripe caps a list page at 100; tests lower it to see the SDK page through. */
  let maxPageSize = 100;
  const connect = createFakeConnect(() => ++counter);

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = new URLSearchParams(raw);
      const [path = '', search = ''] = (req.url ?? '').split('?');
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      const query = new URLSearchParams(search);
      requests.push({ method: req.method ?? '', path, idempotencyKey, body, query });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${++counter}`,
        });
        res.end(JSON.stringify(json));
      };
      if (req.method === 'POST' && path === '/v1/payment_intents') {
        const replay = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
        if (replay) return send(200, replay);
        if (failNextCreate || (idempotencyKey && failedKeys.has(idempotencyKey))) {
          failNextCreate = false;
          if (idempotencyKey) failedKeys.add(idempotencyKey);
          return send(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
        }
        const id = `pi_fake_${++counter}`;
        const metadata = metadataOf(body);
        const intent: Intent = {
          id,
          object: 'payment_intent',
          amount: Number(body.get('amount')),
          currency: body.get('currency') ?? 'usd',
          status: 'requires_payment_method',
          client_secret: `${id}_secret_fake${counter}`,
          metadata,
          created: Math.floor(Date.now() / 1000),
        };
        intents.set(id, intent);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, intent);
        return send(200, intent);
      }
      if (req.method === 'GET' && path === '/v1/payment_intents') {
        const list = listIntents(query, [...intents.values()], maxPageSize);
        if ('error' in list) return send(400, list);
        return send(200, list);
      }
      const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && retrieve?.[1]) {
        const intent = intents.get(retrieve[1]);
        if (!intent)
          return send(404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: 'No such payment_intent',
            },
          });
        return send(200, intent);
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        if (refundsDown) {
          return send(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
        }
        const replay = idempotencyKey ? refundByKey.get(idempotencyKey) : undefined;
        if (replay) return send(200, replay);
        const paymentIntent = body.get('payment_intent') ?? '';
        if (refunded.has(paymentIntent)) {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'charge_already_refunded',
              message: `Charge ch_${paymentIntent} has already been refunded.`,
            },
          });
        }
        refunded.add(paymentIntent);
        const amount = body.get('amount');
        refunds.push({
          payment_intent: paymentIntent,
          idempotencyKey,
          amount: amount === null ? undefined : Number(amount),
        });
        const refund = { id: `re_${++counter}`, object: 'refund', status: 'succeeded' };
        if (idempotencyKey) refundByKey.set(idempotencyKey, refund);
        return send(200, refund);
      }
      if (connect.handle({ method: req.method ?? '', path, idempotencyKey, body, query }, send)) {
        return;
      }
      send(404, {
        error: { type: 'invalid_request_error', message: `Unhandled ${req.method} ${path}` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake Stripe has no port');
  return {
    port: address.port,
    /** Connect: accounts, transfers, and what tests make Stripe do with them. */
    connect,
    intents,
    refunds,
    requests,
    /** The next new payment intent fails with a 500, which Stripe replays for its key. */
    failNextCreate() {
      failNextCreate = true;
    },
    /** Refunds fail with a 500 (the SDK's own retries too) until set back. */
    setRefundsDown(down: boolean) {
      refundsDown = down;
    },
    /** The operator refunded the payment in Stripe's Dashboard. */
    refundInDashboard(id: string) {
      refunded.add(id);
    },
    /** Lists return at most `size` intents a page (Stripe: 100). */
    setMaxPageSize(size: number) {
      maxPageSize = size;
    },
    /** What Stripe does when the browser confirms the card with Stripe.js. */
    succeed(id: string) {
      const intent = intents.get(id);
      if (intent) intent.status = 'succeeded';
      return intent;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * GET /v1/payment_intents as Stripe answers it: newest first, `created[gte|gt|lte|lt]`
 * bounds, `limit` (1 to 100, default 10) and paging with `starting_after` or
 * `ending_before` (an intent's id), with `has_more`.
 */
function listIntents(query: URLSearchParams, all: Intent[], maxPageSize: number) {
  const limit = Number(query.get('limit') ?? 10);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    return {
      error: {
        type: 'invalid_request_error',
        param: 'limit',
        message: 'This value must be between 1 and 100.',
      },
    };
  }
  const bound = (name: string) => {
    const value = query.get(`created[${name}]`);
    return value === null ? undefined : Number(value);
  };
  const [gte, gt, lte, lt] = [bound('gte'), bound('gt'), bound('lte'), bound('lt')];
  // Made later is listed first; made in the same second, the later-made one first.
  let matching = all
    .map((intent, order) => ({ intent, order }))
    .filter(
      ({ intent: { created } }) =>
        (gte === undefined || created >= gte) &&
        (gt === undefined || created > gt) &&
        (lte === undefined || created <= lte) &&
        (lt === undefined || created < lt),
    )
    .sort((a, b) => b.intent.created - a.intent.created || b.order - a.order)
    .map(({ intent }) => intent);
  const after = query.get('starting_after');
  const before = query.get('ending_before');
  const size = Math.min(limit, maxPageSize);
  let page: Intent[];
  let hasMore: boolean;
  if (before) {
    const end = matching.findIndex((intent) => intent.id === before);
    matching = end < 0 ? [] : matching.slice(0, end);
    page = matching.slice(-size);
    hasMore = matching.length > size;
  } else {
    if (after) {
      const start = matching.findIndex((intent) => intent.id === after);
      matching = start < 0 ? [] : matching.slice(start + 1);
    }
    page = matching.slice(0, size);
    hasMore = matching.length > size;
  }
  return { object: 'list' as const, url: '/v1/payment_intents', has_more: hasMore, data: page };
}
