import { z } from 'zod';
import { cpuFamilies, storageTypes } from './laptop-specs.ts';

/**
 * POST /api/hardware-reports: a seller uploads what their laptop says about itself
 * (a battery report, systeminfo, system_profiler, upower, lscpu …) and gets back the
 * specs found in it. Nothing is stored.
 */

/** Reports larger than this are refused before they are read. */
export const MAX_HARDWARE_REPORT_BYTES = 2 * 1024 * 1024;

/** The kinds of report we read, as the answer names them. */
export const hardwareReportKinds = [
  'windows-battery-report',
  'windows-systeminfo',
  'windows-msinfo32',
  'macos-system-profiler',
  'linux-upower',
  'linux-power-supply',
  'linux-lscpu',
  'linux-lsblk',
  'linux-dmidecode',
] as const;
export type HardwareReportKind = (typeof hardwareReportKinds)[number];

/** The listing form's spec fields a report can fill. */
export const reportSpecFields = [
  'model',
  'cpuFamily',
  'cpuModel',
  'ramGb',
  'storageGb',
  'storageType',
  'screenInches',
  'screenResolution',
  'batteryHealth',
  'batteryCycles',
] as const;
export type ReportSpecField = (typeof reportSpecFields)[number];

/**
 * The key specs: a listing is "device-reported" (the search filter) when all of these
 * came from the laptop's own report. The products table's device_specs column reads
 * the same list (schema/products.ts).
 */
export const deviceReportedKeySpecs = [
  'cpuModel',
  'ramGb',
  'storageGb',
  'batteryHealth',
] as const satisfies readonly ReportSpecField[];

export const hardwareReportSpecsSchema = z.object({
  model: z.string().optional(),
  cpuFamily: z.enum(cpuFamilies).optional(),
  cpuModel: z.string().optional(),
  ramGb: z.number().optional(),
  storageGb: z.number().optional(),
  storageType: z.enum(storageTypes).optional(),
  screenInches: z.number().optional(),
  /** "2560 × 1600", as the form writes it. */
  screenResolution: z.string().optional(),
  batteryHealth: z.number().optional(),
  batteryCycles: z.number().optional(),
});
export type HardwareReportSpecs = z.infer<typeof hardwareReportSpecsSchema>;

export const hardwareReportSchema = z.object({
  /** Which reports were found in the file, in the order they were read. */
  kinds: z.array(z.enum(hardwareReportKinds)),
  specs: hardwareReportSpecsSchema,
  /** The fields the report filled (the keys of `specs`, in the form's order). */
  fields: z.array(z.enum(reportSpecFields)),
  /** The laptop's serial number when the report gives it (not a listing field yet). */
  serialNumber: z.string().nullable(),
  /** What the report did not tell, or what was rounded, in words the seller reads. */
  warnings: z.array(z.string()),
  /**
   * The specs read, signed by the server for this seller: sent back with the listing
   * (`deviceReports`), it lets the server mark the specs saved as read.
   */
  token: z.string(),
});
export type HardwareReport = z.infer<typeof hardwareReportSchema>;

export const hardwareReportResultSchema = z.object({
  success: z.literal(true),
  data: hardwareReportSchema,
});

/** A pasted report (the other way in is a multipart upload, field `report`). */
export const hardwareReportTextSchema = z.object({
  text: z
    .string({ error: 'Paste a report, or choose its file.' })
    .min(1, 'Paste a report, or choose its file.'),
});

/** What a seller runs, per system, and where the answer lands. */
export const hardwareReportCommands = [
  {
    system: 'Windows',
    command: 'powercfg /batteryreport',
    where:
      'Run it in Command Prompt or PowerShell; it writes battery-report.html in the folder you are in (usually C:\\Users\\you).',
    more: 'For the processor and memory too: systeminfo > laptop.txt',
  },
  {
    system: 'macOS',
    command:
      'system_profiler -json SPHardwareDataType SPPowerDataType SPStorageDataType SPDisplaysDataType > ~/Desktop/laptop.json',
    where: 'Run it in Terminal; laptop.json appears on your Desktop.',
    more: null,
  },
  {
    system: 'Linux',
    command:
      '{ upower -i /org/freedesktop/UPower/devices/battery_BAT0; lscpu; lsblk -J -b -o NAME,SIZE,TYPE,ROTA,TRAN,MODEL; sudo dmidecode -t system; } > ~/laptop.txt',
    where: 'Run it in a terminal; laptop.txt lands in your home folder.',
    more: null,
  },
] as const;
