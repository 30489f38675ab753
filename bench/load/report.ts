import type { MemorySample, MemorySummary } from './memory.ts';
import { trafficClasses, type Answer, type TrafficClass, type TrafficResult } from './traffic.ts';

export type DatabaseCheck = { check: string; value: string; ok: boolean };

type Latency = { requests: number; p50: number; p95: number; p99: number; max: number };
type ClassRow = Latency & {
  name: string;
  targetRate: number;
  achievedRate: number;
  errors: number;
};
type StepRow = Latency & { trafficClass: TrafficClass; step: string; errors: number };
type Check = { check: string; value: string; ok: boolean };

const isOk = (answer: Answer) => answer.status >= 200 && answer.status < 300;
const round = (n: number) => Math.round(n * 100) / 100;

function latency(answers: Answer[]): Latency {
  const sorted = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  // Nearest rank: the smallest latency that at least q of the requests did not exceed.
  const at = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return {
    requests: answers.length,
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
    max: round(sorted.at(-1) ?? 0),
  };
}

export function buildReport(input: {
  mode: 'quick' | 'full';
  commit: string;
  machine: string;
  settings: {
    products: number;
    buyers: number;
    warmupSeconds: number;
    seconds: number;
    rampSeconds: number;
    tailSeconds: number;
    waves: number;
    memoryBounds: { heap: number; rssPeak: number };
    memoryWindowSeconds: number;
    rates: Record<TrafficClass, number>;
    connections: Record<TrafficClass, number>;
  };
  catalog: { bulkProducts: number; products: number; categories: number };
  traffic: TrafficResult;
  memory: MemorySummary;
  memorySamples: MemorySample[];
  database: DatabaseCheck[];
  serverErrors: string[];
}) {
  const { traffic, settings } = input;
  // By the time each request was sent, so slow answers do not move the window.
  const measured = traffic.answers.filter((answer) => {
    const sentAt = answer.at - answer.ms;
    return sentAt >= traffic.measureFrom && sentAt < traffic.measureTo;
  });
  // Errors count over the whole run, warm-up included.
  const failed = traffic.answers.filter((answer) => !isOk(answer));
  const transport = (c: TrafficClass) => {
    const t = traffic.transportErrors[c];
    return t.errors + t.timeouts + t.skipped;
  };

  const classes: ClassRow[] = trafficClasses.map((name) => {
    const ok = measured.filter((answer) => answer.trafficClass === name && isOk(answer));
    return {
      name,
      targetRate: settings.rates[name],
      achievedRate: round(
        measured.filter((a) => a.trafficClass === name).length / settings.seconds,
      ),
      errors: failed.filter((answer) => answer.trafficClass === name).length + transport(name),
      ...latency(ok),
    };
  });
  const overall: ClassRow = {
    name: 'all',
    targetRate: trafficClasses.reduce((sum, c) => sum + settings.rates[c], 0),
    achievedRate: round(measured.length / settings.seconds),
    errors: classes.reduce((sum, row) => sum + row.errors, 0),
    ...latency(measured.filter(isOk)),
  };
  const stepNames = [...new Set(traffic.answers.map((a) => `${a.trafficClass}\u0000${a.step}`))];
  const steps: StepRow[] = stepNames.map((key) => {
    const [trafficClass, step] = key.split('\u0000') as [TrafficClass, string];
    const mine = (answer: Answer) => answer.trafficClass === trafficClass && answer.step === step;
    return {
      trafficClass,
      step,
      errors: failed.filter(mine).length,
      ...latency(measured.filter((answer) => mine(answer) && isOk(answer))),
    };
  });
  const failures: Record<string, number> = {};
  for (const answer of failed) {
    const key = `${answer.trafficClass} / ${answer.step}: ${answer.status === 0 ? 'unexpected body' : `HTTP ${answer.status}`}`;
    failures[key] = (failures[key] ?? 0) + 1;
  }
  for (const c of trafficClasses) {
    const t = traffic.transportErrors[c];
    if (t.errors) failures[`${c}: connection errors`] = t.errors;
    if (t.timeouts) failures[`${c}: timeouts (10 s)`] = t.timeouts;
    if (t.skipped) failures[`${c}: steps skipped after a failed one`] = t.skipped;
  }

  const bucketSeconds = input.mode === 'quick' ? 5 : 10;
  const totalSeconds = settings.warmupSeconds + settings.seconds;
  const timeline = [];
  for (let from = 0; from < totalSeconds; from += bucketSeconds) {
    const to = from + bucketSeconds;
    const inBucket = traffic.answers.filter((answer) => {
      const second = (answer.at - traffic.startedAt) / 1000;
      return second >= from && second < to;
    });
    const samples = input.memorySamples.filter((s) => s.second >= from && s.second < to);
    const lastSample = samples.at(-1);
    timeline.push({
      from,
      to,
      phase: to <= settings.warmupSeconds ? 'warm-up' : 'measured',
      requestsPerSecond: round(inBucket.length / bucketSeconds),
      errors: inBucket.filter((answer) => !isOk(answer)).length,
      p99: latency(inBucket.filter(isOk)).p99,
      rssMb: lastSample?.rssMb ?? null,
      heapUsedMb: lastSample?.heapUsedMb ?? null,
    });
  }

  // The server's own CPU use over the measured window: what each request costs it,
  // whatever else the machine is doing.
  const inWindow = input.memorySamples.filter(
    (sample) =>
      sample.second >= settings.warmupSeconds &&
      sample.second <= settings.warmupSeconds + settings.seconds,
  );
  const first = inWindow[0];
  const last = inWindow.at(-1);
  const cpuSeconds = first && last ? last.cpuSeconds - first.cpuSeconds : 0;
  const elapsed = first && last ? last.second - first.second : 0;
  const waited =
    first?.runQueueSeconds != null && last?.runQueueSeconds != null
      ? last.runQueueSeconds - first.runQueueSeconds
      : null;
  const serverCpu = {
    coresUsed: elapsed > 0 ? round(cpuSeconds / elapsed) : null,
    /** Share of the window the event loop was ready to run but had no CPU. */
    waitingForCpu: waited !== null && elapsed > 0 ? round(waited / elapsed) : null,
    msPerRequest:
      elapsed > 0 && measured.length > 0
        ? round((cpuSeconds * 1000) / ((measured.length * elapsed) / settings.seconds))
        : null,
  };

  const checks: Check[] = [
    {
      check: 'zero errors (non-2xx, unexpected bodies, connection errors, timeouts)',
      value: `${overall.errors}`,
      ok: overall.errors === 0,
    },
    ...classes.map((row) => ({
      check: `${row.name}: fixed rate held (≥ 95% of ${row.targetRate} req/s)`,
      value: `${row.achievedRate} req/s`,
      ok: row.achievedRate >= row.targetRate * 0.95,
    })),
    {
      check: `memory steady: heap in use after a full GC at the end within ${input.memory.bounds.heap * 100}% of after warm-up`,
      value: heapValue(input.memory),
      ok: input.memory.heapSteady,
    },
    {
      check: `memory steady: highest RSS of the second half within ${input.memory.bounds.rssPeak * 100}% of the first half's`,
      value: rssPeakValue(input.memory),
      ok: input.memory.rssSteady,
    },
    ...input.database,
    {
      check: 'the server logged no errors',
      value: `${input.serverErrors.length}`,
      ok: input.serverErrors.length === 0,
    },
  ];
  const passed = checks.every((check) => check.ok);
  const summary = [
    `${overall.requests} requests measured in ${settings.seconds} s (${overall.achievedRate} req/s of ${overall.targetRate}), ${overall.errors} errors`,
    `latency p50 ${overall.p50} ms, p95 ${overall.p95} ms, p99 ${overall.p99} ms, max ${overall.max} ms`,
    ...classes.map(
      (row) =>
        `${row.name.padEnd(8)} ${row.achievedRate} req/s, p99 ${row.p99} ms, ${row.errors} errors`,
    ),
    `server CPU ${serverCpu.coresUsed ?? '?'} cores, ${serverCpu.msPerRequest ?? '?'} ms per request; event loop waiting for a CPU ${share(serverCpu.waitingForCpu)} of the time`,
    `memory RSS ${input.memory.afterWarmup.rssMb} → ${input.memory.middle.rssMb} → ${input.memory.end.rssMb} MB, slope ${input.memory.rssSlopeMbPerMinute} MB/min`,
    `memory: heap in use after full GC ${heapValue(input.memory)}; RSS peaks ${rssPeakValue(input.memory)}`,
    ...checks.filter((check) => !check.ok).map((check) => `FAILED: ${check.check}: ${check.value}`),
  ];

  return {
    date: new Date().toISOString(),
    commit: input.commit,
    machine: input.machine,
    mode: input.mode,
    passed,
    summary,
    settings,
    catalog: input.catalog,
    checks,
    overall,
    classes,
    steps,
    failures,
    serverCpu,
    memory: input.memory,
    timeline,
    serverErrors: input.serverErrors.slice(0, 20),
    memorySamples: input.memorySamples,
  };
}

export type LoadReport = ReturnType<typeof buildReport>;

const signed = (n: number) => `${n >= 0 ? '+' : ''}${n.toFixed(1)}`;
const percent = (n: number | null) => (n === null ? '?' : `${signed(n * 100)}%`);
const share = (n: number | null) => (n === null ? '?' : `${Math.round(n * 100)}%`);

function heapValue(memory: MemorySummary): string {
  const { afterWarmup: start, end } = memory.fullGc;
  if (!start || !end) return 'no reading (memory probe did not answer)';
  return `${start.heapUsedMb} → ${end.heapUsedMb} MB (${percent(memory.heapGrowth)})`;
}

function rssPeakValue(memory: MemorySummary): string {
  const peaks = memory.rssPeaks;
  return `${peaks.firstHalfMb} → ${peaks.secondHalfMb} MB (${percent(peaks.growth)})`;
}

export function renderMarkdown(report: LoadReport): string {
  const { settings, memory } = report;
  const cells = (row: Latency) =>
    `${row.requests} | ${row.p50} | ${row.p95} | ${row.p99} | ${row.max}`;
  const lines = [
    '# Load test results',
    '',
    `Written by \`npm run load${report.mode === 'quick' ? ' -- --quick' : ''}\` on ${report.date} at commit ${report.commit}: **${report.passed ? 'passed' : 'FAILED'}**.`,
    '',
    `Machine: ${report.machine}. The server (apps/api/src/server.ts, production mode, one`,
    'process), PostgreSQL and autocannon share these cores, so latencies include their contention.',
    '',
    '## Setup',
    '',
    `- A throw-away database on the PostgreSQL server with the demo marketplace plus ${settings.products.toLocaleString('en-US')}`,
    `  bulk-loaded laptops (bench/load-catalog.ts): ${report.catalog.products.toLocaleString('en-US')} products in ${report.catalog.categories} categories.`,
    `- ${settings.buyers} buyers signed up over HTTP beforehand; their session cookies are used below.`,
    `- autocannon at a fixed rate: each connection sends one request a second and waits for`,
    '  its answer, going through its list of steps like a visitor. Each class is split into',
    `  ${settings.waves} autocannon instances started evenly across the second, so the load arrives`,
    '  in small waves rather than one burst a second.',
    `- ${settings.warmupSeconds} s warm-up (the instances start one by one over its first ${settings.rampSeconds} s),`,
    `  ${settings.seconds} s measured, then ${settings.tailSeconds} s more (errors are counted`,
    '  throughout; latencies and rates only in the measured window).',
    '',
    '| class | rate | connections | what each connection does, one step a second |',
    '| --- | ---: | ---: | --- |',
    `| browse | ${settings.rates.browse} req/s | ${settings.connections.browse} | home latest, home advertised, categories, a category page (\`/api/search?category=…&includeSold=true\`), its Load more (half the visits signed in) |`,
    `| search | ${settings.rates.search} req/s | ${settings.connections.search} | two searches (text in 80%, some misspelt, up to 3 filters, a sort), then Load more of the second |`,
    `| purchase | ${settings.rates.purchase} req/s | ${settings.connections.purchase} | book a laptop nobody has booked (\`POST /api/myOrders\`), \`POST /api/create-payment-intent\`, the sandbox confirm with the 4242 test card, \`POST /api/payments\` |`,
    '',
    'Every request is designed to succeed (no laptop is booked twice), so any answer other',
    'than 2xx, or a 2xx whose body is not what the next step needs, is an error. Browse and',
    'search ask for compressed answers as browsers do (the two whose cursor is read do not).',
    'No conditional requests: every answer is a full 200.',
    '',
    '## Checks',
    '',
    '| check | measured | ok |',
    '| --- | --- | --- |',
    ...report.checks.map((c) => `| ${c.check} | ${c.value} | ${c.ok ? 'yes' : '**no**'} |`),
    '',
    '## Latency (ms, measured window, 2xx answers)',
    '',
    '| class | target req/s | achieved req/s | errors | requests | p50 | p95 | p99 | max |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...[...report.classes, report.overall].map(
      (row) =>
        `| ${row.name === 'all' ? '**all**' : row.name} | ${row.targetRate} | ${row.achievedRate} | ${row.errors} | ${cells(row)} |`,
    ),
    '',
    '| class | step | errors | requests | p50 | p95 | p99 | max |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...report.steps.map(
      (row) => `| ${row.trafficClass} | ${row.step} | ${row.errors} | ${cells(row)} |`,
    ),
    '',
  ];
  if (Object.keys(report.failures).length > 0) {
    lines.push('### Errors', '', '| where | count |', '| --- | ---: |');
    for (const [where, count] of Object.entries(report.failures))
      lines.push(`| ${where} | ${count} |`);
    lines.push('');
  }
  lines.push(
    '## CPU of the server process',
    '',
    `Over the measured window the server process used ${report.serverCpu.coresUsed ?? '?'} cores`,
    `(user + system time from \`/proc/<pid>/stat\`), about ${report.serverCpu.msPerRequest ?? '?'} ms of CPU per request.`,
    'PostgreSQL and autocannon come on top of that.',
    '',
    `Its main thread (the event loop) was ready to run but waiting for a CPU held by other`,
    `processes ${share(report.serverCpu.waitingForCpu)} of the measured time (\`/proc/<pid>/schedstat\`). Latency that`,
    'comes with a high share here is the machine being busy, not the server being slow.',
    '',
    '## Memory of the server process',
    '',
    'Between full garbage collections the heap in use climbs by a hundred MB or more at',
    'this load and the RSS with it, so two readings that do not depend on the moment decide.',
    '',
    'The memory the server keeps: heap in use right after a full garbage collection, which',
    'the script asks the server for (bench/load/memory-probe.mjs, SIGUSR2) just before the',
    'measured window and just after it, with the load still running:',
    '',
    '| when | second | RSS MB | heap used MB | heap reserved MB | external MB |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...(
      [
        ['end of warm-up', memory.fullGc.afterWarmup],
        ['end of run', memory.fullGc.end],
      ] as const
    ).map(
      ([name, r]) =>
        `| ${name} | ${r?.second ?? '–'} | ${r?.rssMb ?? '–'} | ${r?.heapUsedMb ?? '–'} | ${r?.heapTotalMb ?? '–'} | ${r?.externalMb ?? '–'} |`,
    ),
    '',
    `Heap in use: ${percent(memory.heapGrowth)} (bound ${memory.bounds.heap * 100}%). The RSS right after a collection (${percent(memory.rssGrowth)})`,
    'follows what V8 keeps reserved for the heap (its own schedule), so it does not decide.',
    '',
    `The top of the cycle: the highest RSS in the first half of the measured window was ${memory.rssPeaks.firstHalfMb} MB,`,
    `in the second half ${memory.rssPeaks.secondHalfMb} MB (${percent(memory.rssPeaks.growth)}, bound ${memory.bounds.rssPeak * 100}%): a coarse`,
    'guard for memory outside the heap, since a half does not always hold the top of a cycle.',
    '',
    'Between collections, as sampled every second (RSS from `/proc/<pid>/status`, V8 heap',
    `used from \`process.memoryUsage()\` inside the server), medians over ${settings.memoryWindowSeconds} s windows:`,
    '',
    '| when | seconds | RSS MB | heap used MB |',
    '| --- | --- | ---: | ---: |',
    ...(
      [
        ['after warm-up', memory.afterWarmup],
        ['middle', memory.middle],
        ['end', memory.end],
      ] as const
    ).map(([name, w]) => `| ${name} | ${w.from}–${w.to} | ${w.rssMb} | ${w.heapUsedMb ?? '–'} |`),
    '',
    `Peak RSS ${memory.peakRssMb} MB. Least-squares slope after warm-up: RSS ${memory.rssSlopeMbPerMinute} MB/min, heap ${memory.heapSlopeMbPerMinute ?? '–'} MB/min.`,
    'The heap climbs between full collections and drops at each, so these swing with the',
    "collector's cycle.",
    '',
    '## Timeline',
    '',
    '| seconds | phase | req/s | errors | p99 ms | RSS MB | heap MB |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...report.timeline.map(
      (t) =>
        `| ${t.from}–${t.to} | ${t.phase} | ${t.requestsPerSecond} | ${t.errors} | ${t.p99} | ${t.rssMb ?? '–'} | ${t.heapUsedMb ?? '–'} |`,
    ),
    '',
    'Every sample and request count is in load-results.json.',
    '',
  );
  if (report.serverErrors.length > 0) {
    lines.push('## Errors the server logged', '', '```', ...report.serverErrors, '```', '');
  }
  return lines.join('\n');
}
