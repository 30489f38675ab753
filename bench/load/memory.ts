import fs from 'node:fs/promises';

/** One reading of the server process, `second` counted from the start of the load. */
export type MemorySample = {
  second: number;
  rssMb: number;
  heapUsedMb: number | null;
  /** CPU time the process has used so far (user + system), in seconds. */
  cpuSeconds: number;
  /**
   * Time the main thread (the event loop) has spent ready to run but waiting for a CPU
   * that other processes held, so far, in seconds (/proc/<pid>/schedstat).
   */
  runQueueSeconds: number | null;
};

/** Linux reports CPU times in clock ticks, 100 a second on every common build. */
const CLOCK_TICKS = 100;

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

/**
 * Reads the server's resident set size and CPU time from /proc every second (what the
 * operating system sees), and the V8 heap the preloaded memory-probe.mjs last wrote.
 */
export function sampleMemory(pid: number, probeFile: string, startedAt: number) {
  const samples: MemorySample[] = [];
  const read = async () => {
    const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    const rssKb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    // Fields 14 and 15 of /proc/<pid>/stat, counted after the ")" that ends the name.
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    if (!rssKb || !Number.isFinite(ticks)) return;
    const schedstat = await fs.readFile(`/proc/${pid}/schedstat`, 'utf8').catch(() => '');
    const waitedNs = Number(schedstat.split(' ')[1]);
    const probe = await fs.readFile(probeFile, 'utf8').then(
      (text) => JSON.parse(text) as { heapUsed: number },
      () => null,
    );
    samples.push({
      second: Math.round((Date.now() - startedAt) / 100) / 10,
      rssMb: mb(Number(rssKb) * 1024),
      heapUsedMb: probe ? mb(probe.heapUsed) : null,
      cpuSeconds: ticks / CLOCK_TICKS,
      runQueueSeconds: Number.isFinite(waitedNs) ? waitedNs / 1e9 : null,
    });
  };
  const timer = setInterval(() => void read(), 1000);
  void read();
  return {
    samples,
    stop: () => clearInterval(timer),
  };
}

export type MemoryReading = {
  second: number;
  rssMb: number;
  heapUsedMb: number;
  /** What V8 has reserved for the heap, used or not. */
  heapTotalMb: number;
  /** Memory outside the V8 heap held by JavaScript objects (Buffers among them). */
  externalMb: number;
};

/**
 * Asks the server (memory-probe.mjs) for a full garbage collection and answers the
 * reading taken right after it, or null when the probe does not answer.
 */
export async function readAfterFullGc(
  pid: number,
  probeFile: string,
  startedAt: number,
): Promise<MemoryReading | null> {
  // Without the probe's handler, SIGUSR2 would end the process: only once it has written.
  const probing = await fs.access(probeFile).then(
    () => true,
    () => false,
  );
  if (!probing) return null;
  const askedAt = Date.now();
  process.kill(pid, 'SIGUSR2');
  while (Date.now() < askedAt + 5000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const reading = await fs.readFile(`${probeFile}.gc`, 'utf8').then(
      (text) => JSON.parse(text) as NodeJS.MemoryUsage & { at: number },
      () => null,
    );
    if (reading && reading.at >= askedAt) {
      return {
        second: Math.round((reading.at - startedAt) / 100) / 10,
        rssMb: mb(reading.rss),
        heapUsedMb: mb(reading.heapUsed),
        heapTotalMb: mb(reading.heapTotal),
        externalMb: mb(reading.external),
      };
    }
  }
  return null;
}

export type MemoryWindow = { from: number; to: number; rssMb: number; heapUsedMb: number | null };
export type MemorySummary = {
  afterWarmup: MemoryWindow;
  middle: MemoryWindow;
  end: MemoryWindow;
  peakRssMb: number;
  /** Least-squares slope of RSS after the warm-up, in MB per minute. */
  rssSlopeMbPerMinute: number;
  heapSlopeMbPerMinute: number | null;
  /** Readings right after a full garbage collection, at the end of the warm-up and of the run. */
  fullGc: { afterWarmup: MemoryReading | null; end: MemoryReading | null };
  /** End over after-warm-up, minus one, both right after a full collection. */
  rssGrowth: number | null;
  heapGrowth: number | null;
  /** The highest RSS in each half of the measured window: the top of the collector's cycle. */
  rssPeaks: { firstHalfMb: number; secondHalfMb: number; growth: number };
  bounds: MemoryBounds;
  heapSteady: boolean;
  rssSteady: boolean;
};

/** How much growth counts as steady: heap in use after a full GC, and the RSS peaks. */
export type MemoryBounds = { heap: number; rssPeak: number };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

function windowOf(samples: MemorySample[], from: number, to: number): MemoryWindow {
  const inside = samples.filter((sample) => sample.second >= from && sample.second < to);
  const heaps = inside.flatMap((sample) => (sample.heapUsedMb === null ? [] : [sample.heapUsedMb]));
  return {
    from,
    to,
    // Medians: one reading taken just before a garbage collection must not decide it.
    rssMb: median(inside.map((sample) => sample.rssMb)),
    heapUsedMb: heaps.length > 0 ? median(heaps) : null,
  };
}

function slopePerMinute(points: { x: number; y: number }[]): number | null {
  if (points.length < 2) return null;
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / points.length;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / points.length;
  const numerator = points.reduce((sum, p) => sum + (p.x - meanX) * (p.y - meanY), 0);
  const denominator = points.reduce((sum, p) => sum + (p.x - meanX) ** 2, 0);
  return denominator === 0 ? 0 : Math.round((numerator / denominator) * 60 * 100) / 100;
}

/**
 * "Steady" means no sustained growth, judged on two readings that do not depend on where
 * the garbage collector is in its cycle (between full collections the heap in use
 * climbs by a hundred MB or more at this load, and the RSS with it):
 * - the V8 heap in use right after a full collection (the memory the server keeps) at
 *   the end of the run is within `bounds.heap` of the same at the end of warm-up: the
 *   precise check, for leaks of JavaScript objects;
 * - the highest RSS of the second half of the measured window is within `bounds.rssPeak`
 *   of the highest of the first half: a coarse guard for memory outside the heap. A half
 *   does not always hold the top of a cycle (cycles lengthen when the machine is busy),
 *   so with a flat heap this moved between -5% and +17% in our runs.
 * The RSS right after a full collection is reported but does not decide: it follows
 * what V8 keeps reserved for the heap, which it grows and shrinks on its own schedule.
 */
export function summarizeMemory(
  samples: MemorySample[],
  fullGc: MemorySummary['fullGc'],
  options: { warmupSeconds: number; totalSeconds: number; window: number; bounds: MemoryBounds },
): MemorySummary {
  const { warmupSeconds: warm, totalSeconds: total, window, bounds } = options;
  const mid = warm + (total - warm) / 2;
  const measured = samples.filter((sample) => sample.second >= warm && sample.second < total);
  const growth = (key: 'rssMb' | 'heapUsedMb') =>
    fullGc.afterWarmup && fullGc.end
      ? Math.round((fullGc.end[key] / fullGc.afterWarmup[key] - 1) * 1000) / 1000
      : null;
  const rssGrowth = growth('rssMb');
  const heapGrowth = growth('heapUsedMb');
  const peak = (from: number, to: number) =>
    Math.max(0, ...samples.filter((s) => s.second >= from && s.second < to).map((s) => s.rssMb));
  const firstHalfMb = peak(warm, mid);
  const secondHalfMb = peak(mid, total);
  const rssPeaks = {
    firstHalfMb,
    secondHalfMb,
    growth: firstHalfMb > 0 ? Math.round((secondHalfMb / firstHalfMb - 1) * 1000) / 1000 : 0,
  };
  return {
    afterWarmup: windowOf(samples, warm, warm + window),
    middle: windowOf(samples, mid - window / 2, mid + window / 2),
    end: windowOf(samples, total - window, total),
    peakRssMb: Math.max(0, ...samples.map((sample) => sample.rssMb)),
    rssSlopeMbPerMinute: slopePerMinute(measured.map((s) => ({ x: s.second, y: s.rssMb }))) ?? 0,
    heapSlopeMbPerMinute: slopePerMinute(
      measured.flatMap((s) => (s.heapUsedMb === null ? [] : [{ x: s.second, y: s.heapUsedMb }])),
    ),
    fullGc,
    rssGrowth,
    heapGrowth,
    rssPeaks,
    bounds,
    heapSteady: heapGrowth !== null && heapGrowth <= bounds.heap,
    rssSteady: firstHalfMb > 0 && rssPeaks.growth <= bounds.rssPeak,
  };
}
