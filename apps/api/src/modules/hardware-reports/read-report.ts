import {
  MAX_HARDWARE_REPORT_BYTES,
  reportSpecFields,
  type HardwareReport,
  type HardwareReportSpecs,
} from '@laptops/shared/hardware-reports';
import { specLimits } from '@laptops/shared/laptop-specs';
import {
  HardwareReportRefusal,
  type ReportFindings,
  type ReportParser,
} from './parsers/findings.ts';
import { linuxDmidecode } from './parsers/linux-dmidecode.ts';
import { linuxLsblk } from './parsers/linux-lsblk.ts';
import { linuxLscpu } from './parsers/linux-lscpu.ts';
import { linuxPowerSupply } from './parsers/linux-power-supply.ts';
import { linuxUpower } from './parsers/linux-upower.ts';
import { macosSystemProfiler } from './parsers/macos-system-profiler.ts';
import { windowsBatteryReport } from './parsers/windows-battery-report.ts';
import { windowsMsinfo32 } from './parsers/windows-msinfo32.ts';
import { windowsSysteminfo } from './parsers/windows-systeminfo.ts';
import { processorSpecs } from './processor-names.ts';

export { HardwareReportRefusal };

/** What a report says, mapped to the listing's fields (the route adds the signed token). */
export type ReportReading = Omit<HardwareReport, 'token'>;

/**
 * Reads what a laptop reported about itself: which reports the text holds (from its
 * content, never a file name), each parsed by its own parser, their findings merged
 * (the first report that gives a value wins) and mapped to a listing's fields.
 * Throws HardwareReportRefusal, and nothing else, when there is nothing to use.
 */

/** In the order they are tried; one file may hold several (Linux outputs concatenated). */
const parsers: ReportParser[] = [
  windowsBatteryReport,
  macosSystemProfiler,
  windowsMsinfo32,
  windowsSysteminfo,
  linuxPowerSupply,
  linuxUpower,
  linuxLscpu,
  linuxLsblk,
  linuxDmidecode,
];

export const refusalMessages = {
  tooLarge:
    'This file is larger than 2 MB: no hardware report is that large. Upload the file the command wrote, as it is.',
  empty: 'This file is empty.',
  notText:
    'This file is not text, so it cannot be a hardware report. Upload the file the command wrote (an .html, .json or .txt file).',
  notAReport:
    'This is not a hardware report we can read. We accept: Windows’ battery report (powercfg /batteryreport), systeminfo or msinfo32 /report; macOS’ system_profiler -json; Linux’s upower -i, /sys/class/power_supply/BAT*/uevent, lscpu, lsblk -J and dmidecode -t system.',
  nothingFound:
    'This looks like a hardware report, but it names none of the specs we list (processor, memory, storage, screen, battery).',
};

/** The bytes of an upload as text: UTF-8, or UTF-16 (PowerShell's `>` and msinfo32 write it). */
export function decodeReport(bytes: Uint8Array): string {
  if (bytes.length > MAX_HARDWARE_REPORT_BYTES)
    throw new HardwareReportRefusal(refusalMessages.tooLarge);
  if (bytes.length === 0) throw new HardwareReportRefusal(refusalMessages.empty);
  let text: string;
  const le = bytes[0] === 0xff && bytes[1] === 0xfe;
  const be = bytes[0] === 0xfe && bytes[1] === 0xff;
  // Without a byte order mark, UTF-16LE shows as a zero after most ASCII characters.
  const sample = bytes.subarray(0, 4096);
  let oddZeros = 0;
  for (let i = 1; i < sample.length; i += 2) if (sample[i] === 0) oddZeros += 1;
  if (le || be || oddZeros > sample.length / 4) {
    text = new TextDecoder(be ? 'utf-16be' : 'utf-16le').decode(bytes.subarray(le || be ? 2 : 0));
  } else {
    text = new TextDecoder('utf-8').decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
}

/** Text that is mostly control characters or replacement marks is a binary file. */
function looksBinary(text: string): boolean {
  const sample = text.slice(0, 8192);
  let odd = 0;
  for (let i = 0; i < sample.length; i += 1) {
    const code = sample.charCodeAt(i);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 0xfffd) odd += 1;
  }
  return odd > sample.length / 20;
}

export function readHardwareReport(input: string): ReportReading {
  try {
    return read(input);
  } catch (error) {
    if (error instanceof HardwareReportRefusal) throw error;
    // A parser's bug must not become a 500 for the seller: it is a file we cannot read.
    throw new HardwareReportRefusal(refusalMessages.notAReport);
  }
}

function read(input: string): ReportReading {
  if (typeof input !== 'string') throw new HardwareReportRefusal(refusalMessages.notText);
  // A character is at least one byte: a string this long is too large whatever it holds.
  if (input.length > MAX_HARDWARE_REPORT_BYTES)
    throw new HardwareReportRefusal(refusalMessages.tooLarge);
  if (input.trim() === '') throw new HardwareReportRefusal(refusalMessages.empty);
  if (looksBinary(input)) throw new HardwareReportRefusal(refusalMessages.notText);

  const found: ReportFindings[] = [];
  let refusal: HardwareReportRefusal | null = null;
  for (const parser of parsers) {
    try {
      const findings = parser.parse(input);
      if (findings) found.push(findings);
    } catch (error) {
      if (!(error instanceof HardwareReportRefusal)) throw error;
      refusal ??= error;
    }
  }
  if (found.length === 0) throw refusal ?? new HardwareReportRefusal(refusalMessages.notAReport);

  const report = merge(found);
  // A report that has only a refusal's worth of battery (cut short) and nothing else.
  if (report.fields.length === 0 && refusal) throw refusal;
  if (
    report.fields.length === 0 &&
    !report.serialNumber &&
    !found.some((f) => f.battery === 'none')
  ) {
    throw new HardwareReportRefusal(refusalMessages.nothingFound);
  }
  return report;
}

const first = <K extends keyof ReportFindings>(found: ReportFindings[], key: K) =>
  found.find((findings) => findings[key] !== undefined)?.[key];

function merge(found: ReportFindings[]): ReportReading {
  const specs: HardwareReportSpecs = {};
  const warnings = found.flatMap((findings) => findings.warnings);

  const model = first(found, 'model');
  if (model) specs.model = model;

  // The first processor that names a model (systeminfo's family numbers do not).
  for (const findings of found) {
    const processor = findings.processor && processorSpecs(findings.processor);
    if (processor) {
      specs.cpuFamily = processor.cpuFamily;
      specs.cpuModel = processor.cpuModel;
      break;
    }
  }
  const inRange = (value: number | undefined, limits: { min: number; max: number }) =>
    value !== undefined && value >= limits.min && value <= limits.max ? value : undefined;
  const ramGb = inRange(first(found, 'ramGb'), specLimits.ramGb);
  if (ramGb !== undefined) specs.ramGb = ramGb;
  const storageGb = inRange(first(found, 'storageGb'), specLimits.storageGb);
  if (storageGb !== undefined) specs.storageGb = storageGb;
  const storageType = first(found, 'storageType');
  if (storageType) specs.storageType = storageType;
  const screenInches = inRange(first(found, 'screenInches'), specLimits.screenInches);
  if (screenInches !== undefined) specs.screenInches = screenInches;
  const screenResolution = first(found, 'screenResolution');
  if (screenResolution) specs.screenResolution = screenResolution;

  // The battery: the first report with a health (stated, or full ÷ design), and the
  // first with a cycle count.
  const batteries = found.map((f) => f.battery).filter((b) => b !== undefined && b !== 'none');
  for (const battery of batteries) {
    const health =
      battery.statedHealth ??
      (battery.designCapacity && battery.fullChargeCapacity !== undefined
        ? Math.round((battery.fullChargeCapacity / battery.designCapacity) * 100)
        : undefined);
    if (health === undefined || !Number.isFinite(health)) continue;
    if (health > 100) {
      specs.batteryHealth = 100;
      warnings.push(
        `The battery holds ${health}% of its design capacity, which new batteries sometimes do: the listing says 100%.`,
      );
    } else if (health >= specLimits.batteryHealth.min) specs.batteryHealth = health;
    break;
  }
  const cycles = inRange(
    batteries.find((b) => b.cycles !== undefined)?.cycles,
    specLimits.batteryCycles,
  );
  if (cycles !== undefined) specs.batteryCycles = cycles;
  if (batteries.length === 0 && found.some((f) => f.battery === 'none')) {
    warnings.push('The report shows no battery: this computer has none, or it is not connected.');
  }
  if (found.length === 1 && found[0]!.kind === 'windows-battery-report') {
    warnings.push(
      'A battery report does not name the processor, memory or storage: run systeminfo > laptop.txt and upload that file too.',
    );
  }

  return {
    kinds: [...new Set(found.map((f) => f.kind))],
    specs,
    fields: reportSpecFields.filter((field) => specs[field] !== undefined),
    serialNumber: first(found, 'serialNumber') ?? null,
    warnings: [...new Set(warnings)],
  };
}
