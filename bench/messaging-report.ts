/**
 * The messaging benchmark's report: the targets checked against the measurements,
 * messaging-results.json's contents and messaging-results.md drawn from them.
 */
import { summarizePlan } from './bench-databases.ts';
import { CONNECTIONS, SECONDS, SERVER_LOG_LEVEL, type Timing } from './bench-settings.ts';
import { percentile, round2, type Delivery, type MemoryPoint } from './messaging-live.ts';
import { LONG_THREAD, TOTAL_MESSAGES } from './messaging-seed.ts';

export type PageRow = {
  endpoint:
    | 'inbox (1,000 threads)'
    | 'thread, first page (10,000 messages)'
    | 'thread, deep page (?before=, 9,000 in)'
    | 'unread count'
    | 'reference: the session alone';
} & Timing;

export type MessagingReport = {
  date: string;
  commit: string;
  machine: string;
  mode: 'quick' | 'full';
  uptime: { before: string; after: string };
  /** What else the machine was doing, as told on the command line (--note="..."). */
  note?: string;
  seconds: number;
  settings: {
    users: number;
    messages: number;
    perSecond: number;
    redis: 'measured' | 'not reachable';
    signInSeconds: number;
    signedIn: number;
    sessionsKept: number;
  };
  database: { counts: Record<string, number>; seeded: boolean; seedSeconds: number };
  deliveries: Delivery[];
  pages: PageRow[];
  memory: MemoryPoint[];
  plans: { endpoint: string; sql: string; plan: string }[];
};

type Check = { target: string; value: string; met: boolean | null };

const DELIVERY_TARGET_MS = 100;
const PAGE_TARGET_MS = 10;

export function renderMessagingReport(report: MessagingReport) {
  const deliveries = report.deliveries.map((delivery) => ({
    scenario: delivery.scenario,
    streams: delivery.streams,
    messages: delivery.messages,
    perSecond: delivery.perSecond,
    arrived: delivery.deliveryMs.length,
    lost: delivery.lost,
    failed: delivery.failed,
    p50: percentile(delivery.deliveryMs, 0.5),
    p95: percentile(delivery.deliveryMs, 0.95),
    p99: percentile(delivery.deliveryMs, 0.99),
    max: delivery.deliveryMs.length ? round2(Math.max(...delivery.deliveryMs)) : null,
    postP50: percentile(delivery.postMs, 0.5),
    postP95: percentile(delivery.postMs, 0.95),
    afterAnswerP50: percentile(delivery.afterAnswerMs, 0.5),
    afterAnswerP95: percentile(delivery.afterAnswerMs, 0.95),
    loadAverage: delivery.loadAverage,
    seconds: delivery.seconds,
    threads: delivery.threads,
    benchLoopDelay: delivery.benchLoopDelay,
  }));
  const baseline = report.memory.find((point) => point.streams === 0);
  const memory = report.memory.map((point) => ({
    ...point,
    rssPerStream:
      baseline && point.streams > 0 ? Math.round((point.rssBytes - baseline.rssBytes) / point.streams) : null,
    heapPerStream:
      baseline?.heapUsedBytes != null && point.heapUsedBytes !== null && point.streams > 0
        ? Math.round((point.heapUsedBytes - baseline.heapUsedBytes) / point.streams)
        : null,
  }));
  const checks: Check[] = [];
  for (const delivery of deliveries) {
    checks.push({
      target: `Delivery, ${delivery.scenario}, ${delivery.streams.toLocaleString('en-US')} open streams: p95 ≤ ${DELIVERY_TARGET_MS} ms, every message delivered`,
      value: `${delivery.p95 ?? '–'} ms (${delivery.arrived} of ${delivery.messages} arrived)`,
      met: delivery.p95 !== null && delivery.p95 <= DELIVERY_TARGET_MS && delivery.arrived === delivery.messages,
    });
  }
  if (report.settings.redis === 'not reachable') {
    checks.push({ target: 'Delivery, two instances, Redis pub/sub bus', value: 'no Redis answered', met: null });
  }
  for (const page of report.pages) {
    if (page.endpoint.startsWith('reference')) continue;
    checks.push({
      target: `${page.endpoint}: p95 ≤ ${PAGE_TARGET_MS} ms (${CONNECTIONS} connections)`,
      value: `${page.p95} ms`,
      met: page.p95 <= PAGE_TARGET_MS && page.errors === 0,
    });
  }
  const json = { ...report, checks, summary: { deliveries, memory } };
  const mb = (bytes: number | null) => (bytes === null ? '–' : (bytes / 2 ** 20).toFixed(1));
  const bytes = (value: number | null) => (value === null ? '–' : value.toLocaleString('en-US'));
  const lines = [
    '# Messaging benchmark results',
    '',
    `Written by \`npm run bench:messaging${report.mode === 'quick' ? ' -- --quick' : ''}\` on ${report.date} at commit ${report.commit}, in ${report.seconds} s.`,
    '',
    `Machine: ${report.machine}. The servers (apps/api/src/server.ts, production mode, LOG_LEVEL=${SERVER_LOG_LEVEL}: a`,
    'line per request, into a file), PostgreSQL, Redis and the bench process (every client,',
    'stream and autocannon) share it, so the numbers include their contention. Other',
    "engineers' tests were running on it too:",
    '',
    `- \`uptime\` before: ${report.uptime.before}`,
    `- \`uptime\` after: ${report.uptime.after}`,
    ...(report.note ? [`- ${report.note}`] : []),
    '',
    `Database \`laptops_bench_messaging\`: ${Object.entries(report.database.counts)
      .map(([key, value]) => `${value.toLocaleString('en-US')} ${key.replaceAll('_', ' ')}`)
      .join(', ')}; ${report.database.seeded ? `seeded by this run in ${report.database.seedSeconds} s` : 'kept from an earlier run'}.`,
    '',
    'Settings the bench changes from the defaults, because a thousand users on one address would',
    'meet them: `MESSAGE_RATE_LIMIT_PER_SENDER=1000000` (default 60 per 10 minutes),',
    '`AUTH_RATE_LIMIT_PER_IP=1000000` and `AUTH_RATE_LIMIT_PER_ACCOUNT=1000000` (sign-ins).',
    `Every user signed in through \`POST /api/auth/sign-in/email\`: ${report.settings.signedIn.toLocaleString('en-US')} in this run (${report.settings.signInSeconds} s),`,
    `${report.settings.sessionsKept.toLocaleString('en-US')} in an earlier run whose sessions last (their cookies are kept in the database).`,
    '',
    '## Targets',
    '',
    '| target | measured | met |',
    '| --- | --- | --- |',
    ...checks.map(
      (check) => `| ${check.target} | ${check.value} | ${check.met === null ? '–' : check.met ? 'yes' : '**no**'} |`,
    ),
    '',
    '## Delivery: a POST to the event on the other person\'s stream',
    '',
    `${report.settings.users.toLocaleString('en-US')} users (${report.settings.users / 2} buyer–seller pairs, one conversation each) each hold one`,
    '`GET /api/live` stream, read by the tests\' own client (`apps/api/src/test/event-stream.ts`),',
    `each on its own connection. ${report.settings.messages} messages are sent at ${report.settings.perSecond} a second, each in another pair's`,
    'thread, buyer and seller in turn; a message is timed from just before its POST to the',
    '`message` event on the other person\'s stream, all in the bench process. "POST" is the',
    "POST's own answer time. Two instances: the streams are held on B and the POSTs go",
    'through A, so every message crosses the bus (without REDIS_URL, PostgreSQL LISTEN/NOTIFY;',
    'with it, Redis pub/sub). One instance with PostgreSQL also goes through LISTEN/NOTIFY,',
    'to itself.',
    '',
    '| scenario | streams | arrived | p50 ms | p95 ms | p99 ms | max ms | POST p50 / p95 ms | load avg before → after |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...deliveries.map(
      (d) =>
        `| ${d.scenario} | ${d.streams.toLocaleString('en-US')} | ${d.arrived} / ${d.messages}${d.failed ? ` (${d.failed} POSTs failed)` : ''} | ${d.p50 ?? '–'} | ${d.p95 ?? '–'} | ${d.p99 ?? '–'} | ${d.max ?? '–'} | ${d.postP50 ?? '–'} / ${d.postP95 ?? '–'} | ${d.loadAverage.before} → ${d.loadAverage.after} |`,
    ),
    '',
    'Where the time went. "After the answer": how long after the POST\'s answer the event',
    'arrived (below 0: before it). Main threads: each process\'s event loop thread over the',
    'run, seconds on a CPU and seconds it was ready to run but waited for a CPU that other',
    'processes held (`/proc/<pid>/schedstat`). The bench\'s event loop delay: how late its',
    'own timers ran (`monitorEventLoopDelay`), which delays the reading of an event as well.',
    '',
    '| scenario | after the answer p50 / p95 ms | main threads: on a CPU / waiting for one (s) | bench event loop delay p99 / max ms |',
    '| --- | ---: | --- | ---: |',
    ...deliveries.map(
      (d) =>
        `| ${d.scenario} | ${d.afterAnswerP50 ?? '–'} / ${d.afterAnswerP95 ?? '–'} | ${d.threads.map((t) => `${t.name}: ${t.cpuSeconds} / ${t.waitedSeconds}`).join('; ')} (in ${d.seconds} s) | ${d.benchLoopDelay.p99} / ${d.benchLoopDelay.max} |`,
    ),
    '',
    '## Inbox and thread pages',
    '',
    `The inbox owner has 1,000 threads (buyer in 500, seller in 500), one of them of`,
    `${LONG_THREAD.toLocaleString('en-US')} messages, among ${TOTAL_MESSAGES.toLocaleString('en-US')} messages in all. autocannon, ${CONNECTIONS} connections,`,
    `${SECONDS} s after a warm-up, with the owner's session cookie, on instance A with no streams`,
    'open; "p95 alone": one connection. The deep page is `?before=` the message 9,000 from the newest.',
    'For reference (no target): `GET /api/auth/get-session` with the same cookie, the session',
    'lookup every signed-in request makes and nothing else: the floor on this machine at this load.',
    '',
    '| endpoint | p50 ms | p95 ms | p99 ms | req/s | p95 alone ms | errors | load avg |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...report.pages.map(
      (p) =>
        `| ${p.endpoint} | ${p.p50} | ${p.p95} | ${p.p99} | ${p.requestsPerSecond} | ${p.p95Alone} | ${p.errors} | ${p.loadAverage} |`,
    ),
    '',
    '## Memory per open stream',
    '',
    "Instance B's memory, read right after a full garbage collection (`bench/load/memory-probe.mjs`,",
    'preloaded with `--expose-gc`): RSS and V8 heap in use. Its first ten streams are opened and',
    'closed before the reading with none, so loading code is not counted. Per stream: the',
    'difference from the reading with none, over the streams open. Heap total: what V8 keeps',
    'for its heap, used or not; external: memory held outside it by JavaScript objects',
    "(Buffers); the rest of the RSS is the process's own (code, libuv and socket state, the",
    "allocator's free lists, which it keeps rather than give back).",
    '',
    '| streams open | RSS MB | heap used MB | heap total MB | external MB | RSS bytes per stream | heap used bytes per stream |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...memory.map(
      (point) =>
        `| ${point.streams.toLocaleString('en-US')}${point.note ? ` (${point.note})` : ''} | ${mb(point.rssBytes)} | ${mb(point.heapUsedBytes)} | ${mb(point.heapTotalBytes)} | ${mb(point.externalBytes)} | ${bytes(point.rssPerStream)} | ${bytes(point.heapPerStream)} |`,
    ),
    '',
    '## Query plans',
    '',
    "EXPLAIN (ANALYZE, BUFFERS) of the SQL the app's services send for the inbox owner (captured",
    'from drizzle), after the pages were measured. Full plans are in messaging-results.json.',
    '',
    '| query | execution | indexes used; tables read whole |',
    '| --- | --- | --- |',
    ...report.plans.map((plan) => {
      const [time] = summarizePlan(plan.plan).split('; indexes: ');
      return `| ${plan.endpoint} | ${time} | ${scans(plan.plan)} |`;
    }),
    '',
    '## Reading these numbers',
    '',
    ...readingNotes(report, deliveries),
    '',
  ];
  return { markdown: lines.join('\n'), json };
}

/** The indexes a plan uses, and the tables it reads whole. */
function scans(plan: string): string {
  const unique = (pattern: RegExp) => [...new Set([...plan.matchAll(pattern)].map((m) => m[1]))];
  const indexes = unique(/(?:using|Bitmap Index Scan on) (\w+)/g);
  const whole = unique(/Seq Scan on (\w+)/g);
  return `${indexes.join(', ') || 'none'}${whole.length ? `; **read whole: ${whole.join(', ')}**` : ''}`;
}

/** What the run says, from its own numbers. */
function readingNotes(
  report: MessagingReport,
  deliveries: { afterAnswerP50: number | null; threads: Delivery['threads'] }[],
): string[] {
  const threads = deliveries.flatMap((d) => d.threads).filter((t) => t.name !== 'the bench process');
  const onCpu = threads.reduce((sum, t) => sum + t.cpuSeconds, 0);
  const waited = threads.reduce((sum, t) => sum + t.waitedSeconds, 0);
  const afterAnswer = deliveries.map((d) => d.afterAnswerP50 ?? NaN);
  const session = report.pages.find((page) => page.endpoint.startsWith('reference'));
  const executionOf = (endpoint: string) =>
    /Execution Time: ([\d.]+) ms/.exec(report.plans.find((p) => p.endpoint === endpoint)?.plan ?? '')?.[1] ?? '?';
  return [
    `- Delivery takes as long as the POST: the event arrived ${Math.min(...afterAnswer)} to ${Math.max(...afterAnswer)} ms`,
    "  (medians) after the POST's answer. The servers' main threads were ready to run but",
    `  waited for a CPU ${onCpu > 0 ? (waited / onCpu).toFixed(1) : '?'}× as long as they ran (${round2(waited)} s against ${round2(onCpu)} s):`,
    '  the slow messages are the ones that queued behind those waits, not the streams or the bus.',
    ...(session
      ? [
          `- Signed-in pages: the session lookup alone, which every signed-in request makes, had a`,
          `  p95 of ${session.p95} ms at ${CONNECTIONS} connections (${session.p95Alone} ms with one) in this run: the floor at this load.`,
        ]
      : []),
    `- In the database alone, the inbox took ${executionOf('inbox')} ms and the unread count ${executionOf('unread count')} ms for the`,
    "  owner's 1,000 threads, a page of the long thread well under a millisecond: the inbox joins",
    '  every thread to its laptop and other person before it keeps the newest 100, and the',
    '  unread count looks into every thread, read or not (see their plans in the JSON file).',
  ];
}
