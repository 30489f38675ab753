/**
 * The traffic of `npm run load`: three classes of visitors, each at its own fixed rate,
 * driven by autocannon against the real server.
 *
 * - browse: the home lists, the categories, a category page and its "Load more";
 *   half of these visitors are signed in (their cookie costs a session lookup).
 * - search: free text (some misspelt) with filters and sorts, and a "Load more".
 * - purchase: book a laptop nobody has booked, start the payment, confirm it with the
 *   sandbox test card, record the payment. Each step needs the previous answer.
 *
 * autocannon's fixed rate: `connectionRate: 1` makes each connection send one request a
 * second, always the next one of its list, and wait for the answer. A connection thus
 * plays one visitor going through the steps at a human pace. autocannon sends each
 * connection's request at the start of that connection's second, so all connections
 * of one autocannon instance fire together; to avoid a burst of every visitor at once,
 * each class is split into `waves` instances started evenly across the second. They
 * start one after the other during the warm-up (the ramp), as visitors arrive, rather
 * than all in the server's first second.
 */
import autocannon, { type Request } from 'autocannon';
import { sandboxCard, type HttpSession } from '@laptops/api/test/http-client';

export const trafficClasses = ['browse', 'search', 'purchase'] as const;
export type TrafficClass = (typeof trafficClasses)[number];

export type TrafficPlan = {
  baseUrl: string;
  /** Requests per second for each class. */
  rates: Record<TrafficClass, number>;
  warmupSeconds: number;
  seconds: number;
  /** Within the warm-up, the rate climbs to the full rate over this long. */
  rampSeconds: number;
  /** Traffic keeps going this long after the measured window (not measured). */
  tailSeconds: number;
  waves: number;
  buyers: HttpSession[];
  categoryIds: string[];
  /** Available laptops; each booking takes the next one, so none is booked twice. */
  productIds: string[];
};

/** One answer: which step, its HTTP status (0 when a 2xx body was not what it should be). */
export type Answer = {
  at: number;
  trafficClass: TrafficClass;
  step: string;
  status: number;
  ms: number;
};

export type TrafficResult = {
  answers: Answer[];
  /** Per class: connection errors and timeouts, and steps skipped after a failed one. */
  transportErrors: Record<TrafficClass, { errors: number; timeouts: number; skipped: number }>;
  connections: Record<TrafficClass, number>;
  startedAt: number;
  measureFrom: number;
  measureTo: number;
};

/** Products a run can book at most: every purchase connection booking every second. */
export function productsNeeded(
  plan: Pick<TrafficPlan, 'rates' | 'warmupSeconds' | 'seconds' | 'tailSeconds'>,
) {
  return plan.rates.purchase * (plan.warmupSeconds + plan.seconds + plan.tailSeconds + 2);
}

type Context = Record<string, unknown>;
type Built = { method: 'GET' | 'POST'; path: string; body?: unknown; readBody?: boolean };

/**
 * Which step the answer being reported belongs to. autocannon calls the request's
 * onResponse and then emits 'response' for the same answer synchronously, so the
 * 'response' listener reads what onResponse has just written here.
 */
let answered: { trafficClass: TrafficClass; step: string; badBody: boolean } | undefined;

export async function runTraffic(
  plan: TrafficPlan,
  log: (line: string) => void,
  onStart: (stop: () => void) => void,
): Promise<TrafficResult> {
  if (plan.productIds.length < productsNeeded(plan)) {
    throw new Error(`need ${productsNeeded(plan)} available laptops to book`);
  }
  const random = mulberry32(8);
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(random() * items.length)];
    if (item === undefined) throw new Error('nothing to pick from');
    return item;
  };
  let nextProduct = 0;
  let nextBuyer = 0;
  const buyer = () => plan.buyers[nextBuyer++ % plan.buyers.length] as HttpSession;

  /** One request of a visitor's list; `build` answering nothing skips to the list's start. */
  const step = (
    trafficClass: TrafficClass,
    name: string,
    build: (context: Context) => Built | undefined,
    read?: (body: unknown, context: Context) => boolean,
  ): Request => ({
    setupRequest: (request, context) => {
      const built = build(context);
      if (!built) return undefined;
      const cookie = context.cookie as string | undefined;
      const headers: Record<string, string> = { accept: 'application/json' };
      if (cookie) headers.cookie = cookie;
      if (built.method === 'POST') {
        headers['content-type'] = 'application/json';
        // Cookie-bearing writes are refused without our own Origin, as from a browser.
        headers.origin = plan.baseUrl;
      } else if (!built.readBody) {
        // As a browser asks; answers we read stay uncompressed, since autocannon keeps
        // a body as text.
        headers['accept-encoding'] = 'gzip, deflate, br';
      }
      return {
        ...request,
        method: built.method,
        path: built.path,
        headers,
        body: built.body === undefined ? '' : JSON.stringify(built.body),
      };
    },
    onResponse: (status, body, context) => {
      let badBody = false;
      if (status >= 200 && status < 300 && read) {
        try {
          badBody = !read(JSON.parse(body), context);
        } catch {
          badBody = true;
        }
      }
      answered = { trafficClass, step: name, badBody };
    },
  });

  const categoryPage = (category: string, cursor?: string) =>
    `/api/search?${new URLSearchParams({ category, includeSold: 'true', ...(cursor ? { cursor } : {}) })}`;
  const keepCursor = (body: unknown, context: Context) => {
    const page = body as { products?: unknown[]; nextCursor?: string | null };
    context.cursor = page.nextCursor ?? undefined;
    return Array.isArray(page.products);
  };

  const browse: Request[] = [
    step('browse', 'home: latest', (context) => {
      // A new visit: signed in or not.
      context.cookie = random() < 0.5 ? buyer().cookie : undefined;
      return { method: 'GET', path: '/api/latestProducts' };
    }),
    step('browse', 'home: advertised', () => ({ method: 'GET', path: '/api/advertiseProducts' })),
    step('browse', 'categories', () => ({ method: 'GET', path: '/api/categories' })),
    step(
      'browse',
      'category page',
      (context) => {
        context.category = pick(plan.categoryIds);
        return { method: 'GET', path: categoryPage(context.category as string), readBody: true };
      },
      keepCursor,
    ),
    step('browse', 'category: load more', (context) => {
      const cursor = context.cursor as string | undefined;
      // A category with a single page: the visitor opens another one instead.
      const path = cursor
        ? categoryPage(context.category as string, cursor)
        : categoryPage(pick(plan.categoryIds));
      return { method: 'GET', path };
    }),
  ];

  const searchPath = () => `/api/search?${searchParams(pick, random, plan.categoryIds)}`;
  const search: Request[] = [
    step('search', 'search', (context) => {
      context.cookie = random() < 0.5 ? buyer().cookie : undefined;
      return { method: 'GET', path: searchPath() };
    }),
    step(
      'search',
      'search',
      (context) => {
        context.path = searchPath();
        return { method: 'GET', path: context.path as string, readBody: true };
      },
      keepCursor,
    ),
    step('search', 'search: load more', (context) => {
      const cursor = context.cursor as string | undefined;
      const path = cursor
        ? `${context.path as string}&${new URLSearchParams({ cursor })}`
        : searchPath();
      return { method: 'GET', path };
    }),
  ];

  const purchase: Request[] = [
    step(
      'purchase',
      'book',
      (context) => {
        const productId = plan.productIds[nextProduct++];
        if (!productId) throw new Error('ran out of laptops to book');
        const session = buyer();
        context.cookie = session.cookie;
        context.email = session.email;
        return {
          method: 'POST',
          path: '/api/myOrders',
          body: {
            productId,
            meetingLocation: 'Cafe on Main Street',
            buyerPhone: '+1 512 555 0100',
          },
        };
      },
      (body, context) => {
        context.orderId = (body as { insertedId?: string }).insertedId;
        return typeof context.orderId === 'string';
      },
    ),
    step(
      'purchase',
      'payment intent',
      (context) =>
        context.orderId
          ? {
              method: 'POST',
              path: '/api/create-payment-intent',
              body: { orderId: context.orderId },
            }
          : undefined,
      (body, context) => {
        const intent = body as { paymentIntentId?: string; clientSecret?: string };
        context.intentId = intent.paymentIntentId;
        context.clientSecret = intent.clientSecret;
        return (
          typeof intent.paymentIntentId === 'string' && typeof intent.clientSecret === 'string'
        );
      },
    ),
    step(
      'purchase',
      'sandbox confirm',
      (context) =>
        context.intentId
          ? {
              method: 'POST',
              path: `/api/sandbox/payment_intents/${context.intentId as string}/confirm`,
              body: {
                client_secret: context.clientSecret,
                card: sandboxCard,
                billing_details: { name: 'Load Buyer', email: context.email },
              },
            }
          : undefined,
      (body, context) => {
        context.confirmed = (body as { paymentIntent?: { status?: string } }).paymentIntent?.status;
        return context.confirmed === 'succeeded';
      },
    ),
    step(
      'purchase',
      'record payment',
      (context) =>
        context.confirmed === 'succeeded'
          ? {
              method: 'POST',
              path: '/api/payments',
              body: { orderId: context.orderId, transactionId: context.intentId },
            }
          : undefined,
      (body) => (body as { acknowledged?: boolean }).acknowledged === true,
    ),
  ];

  const lists: Record<TrafficClass, Request[]> = { browse, search, purchase };
  const answers: Answer[] = [];
  const transportErrors = Object.fromEntries(
    trafficClasses.map((name) => [name, { errors: 0, timeouts: 0, skipped: 0 }]),
  ) as TrafficResult['transportErrors'];
  const duration = plan.warmupSeconds + plan.seconds + plan.tailSeconds;

  // Wave w of every class, then wave w + 1: consecutive instances start 1/n s apart.
  const waves: { trafficClass: TrafficClass; connections: number }[] = [];
  for (let wave = 0; wave < plan.waves; wave += 1) {
    for (const trafficClass of trafficClasses) {
      const rate = plan.rates[trafficClass];
      const connections = Math.floor(rate / plan.waves) + (wave < rate % plan.waves ? 1 : 0);
      if (connections > 0) waves.push({ trafficClass, connections });
    }
  }
  const instances: ReturnType<typeof autocannon>[] = [];
  const stopAll = () => instances.forEach((instance) => instance.stop());
  onStart(stopAll);
  const startedAt = Date.now();
  log(
    `  ${trafficClasses.map((c) => `${c} ${plan.rates[c]} req/s`).join(', ')}: ${plan.warmupSeconds} s warm-up, then ${plan.seconds} s measured`,
  );
  const progress = setInterval(() => {
    const second = Math.round((Date.now() - startedAt) / 1000);
    const failed = answers.filter((answer) => answer.status < 200 || answer.status >= 300).length;
    log(`  ${String(second).padStart(3)} s: ${answers.length} answers, ${failed} failed`);
  }, 10_000);

  const results = await Promise.all(
    waves.map(async ({ trafficClass, connections }, index) => {
      // Each instance at its own fraction of the second; over the ramp-up, one more
      // instance every ramp / n seconds (whole seconds, so the fractions stay apart).
      const startsAt =
        (index * 1000) / waves.length +
        Math.floor((index * plan.rampSeconds) / waves.length) * 1000;
      await new Promise((resolve) => setTimeout(resolve, startsAt));
      const instance = autocannon({
        url: plan.baseUrl,
        connections,
        connectionRate: 1,
        // All instances stop together.
        duration: duration - startsAt / 1000,
        timeout: 10,
        // autocannon deep-copies the list for each connection (the functions are shared).
        requests: lists[trafficClass],
      });
      instances.push(instance);
      instance.on('response', (_client, status, _bytes, ms) => {
        const step = answered;
        answered = undefined;
        answers.push({
          at: Date.now(),
          trafficClass: step?.trafficClass ?? trafficClass,
          step: step?.step ?? 'unknown',
          status: step?.badBody ? 0 : status,
          ms,
        });
      });
      return { trafficClass, result: await instance };
    }),
  ).finally(() => clearInterval(progress));

  for (const { trafficClass, result } of results) {
    // autocannon counts timeouts among its errors.
    transportErrors[trafficClass].errors += result.errors - result.timeouts;
    transportErrors[trafficClass].timeouts += result.timeouts;
    transportErrors[trafficClass].skipped += result.resets;
  }
  const connections = Object.fromEntries(
    trafficClasses.map((c) => [
      c,
      waves.filter((w) => w.trafficClass === c).reduce((n, w) => n + w.connections, 0),
    ]),
  ) as Record<TrafficClass, number>;
  const measureFrom = startedAt + plan.warmupSeconds * 1000;
  return {
    answers,
    transportErrors,
    connections,
    startedAt,
    measureFrom,
    measureTo: measureFrom + plan.seconds * 1000,
  };
}

const searchTexts = [
  'thinkpad',
  'macbook pro',
  'xps 15',
  'zenbook',
  'surface laptop',
  'ryzen 7',
  'i7 16GB',
  'rog zephyrus',
  'spectre',
  'charger included',
  'battery',
  // Misspelt, as people type: the typo-tolerant path.
  'thinkpd',
  'macbok air',
];

/** Free text (most of the time) plus up to three filters and a sort, like the search page. */
function searchParams(
  pick: <T>(items: readonly T[]) => T,
  random: () => number,
  categoryIds: string[],
): URLSearchParams {
  const params = new URLSearchParams();
  const withText = random() < 0.8;
  if (withText) params.set('q', pick(searchTexts));
  const filters: [string, () => string][] = [
    ['condition', () => pick(['Excellent', 'Good', 'Fair'])],
    ['maxPrice', () => pick(['500', '800', '1200', '2000'])],
    ['minPrice', () => pick(['200', '400'])],
    ['location', () => pick(['Austin', 'Seattle', 'New York', 'Chicago', 'Denver'])],
    ['maxYears', () => pick(['1', '2', '3'])],
    ['category', () => pick(categoryIds)],
  ];
  const count = Math.floor(random() * 4);
  for (let i = 0; i < Math.max(count, withText ? 0 : 1); i += 1) {
    const [name, value] = pick(filters);
    params.set(name, value());
  }
  params.set('sort', pick(['newest', 'newest', 'price_asc', 'price_desc']));
  return params;
}

/** A small seeded generator, so every run asks the same things in the same order. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
