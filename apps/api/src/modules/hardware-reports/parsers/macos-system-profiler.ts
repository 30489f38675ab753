import {
  cleanLine,
  isPlaceholder,
  ramFromGb,
  storageFromBytes,
  type BatteryFindings,
  type ReportFindings,
  type ReportParser,
} from './findings.ts';
import { asObject, asObjects, asText, jsonObjectAround } from './json-object.ts';

/**
 * `system_profiler -json SPHardwareDataType SPPowerDataType SPStorageDataType
 * SPDisplaysDataType`: one JSON object, a list per data type.
 *
 * - SPHardwareDataType[0]: machine_name ("MacBook Air"), machine_model
 *   ("MacBookAir10,1"), chip_type ("Apple M1") or cpu_type ("Quad-Core Intel Core i5")
 *   with current_processor_speed, physical_memory ("8 GB"), serial_number.
 * - SPPowerDataType: the entry with sppower_battery_health_info
 *   (sppower_battery_cycle_count, sppower_battery_health "Good"/"Normal"/"Service
 *   Recommended", and on recent macOS sppower_battery_health_maximum_capacity "89%").
 * - SPStorageDataType: volumes, each with size_in_bytes and physical_drive
 *   (is_internal_disk "yes", medium_type "ssd"/"rotational", device_name).
 * - SPDisplaysDataType: graphics with spdisplays_ndrvs, the displays; the built-in one
 *   has spdisplays_connection_type "spdisplays_internal" and _spdisplays_pixels.
 */

/** The screen of each Mac laptop identifier system_profiler reports, in inches. */
const screenByIdentifier: Record<string, number> = {
  'MacBookAir10,1': 13.3,
  'Mac14,2': 13.6,
  'Mac14,15': 15.3,
  'Mac15,12': 13.6,
  'Mac15,13': 15.3,
  'Mac16,12': 13.6,
  'Mac16,13': 15.3,
  'MacBookPro17,1': 13.3,
  'MacBookPro18,1': 16.2,
  'MacBookPro18,2': 16.2,
  'MacBookPro18,3': 14.2,
  'MacBookPro18,4': 14.2,
  'Mac14,7': 13.3,
  'Mac14,5': 14.2,
  'Mac14,9': 14.2,
  'Mac14,6': 16.2,
  'Mac14,10': 16.2,
  'Mac15,3': 14.2,
  'Mac15,6': 14.2,
  'Mac15,8': 14.2,
  'Mac15,7': 16.2,
  'Mac15,9': 16.2,
  'MacBookPro16,1': 16,
  'MacBookPro16,4': 16,
  'MacBookPro16,2': 13.3,
  'MacBookPro16,3': 13.3,
  'MacBookPro15,1': 15.4,
  'MacBookPro15,3': 15.4,
  'MacBookPro15,2': 13.3,
  'MacBookPro15,4': 13.3,
  'MacBookAir9,1': 13.3,
  'MacBookAir8,1': 13.3,
  'MacBookAir8,2': 13.3,
};

function parse(text: string): ReportFindings | null {
  const report =
    jsonObjectAround(text, 'SPHardwareDataType') ??
    jsonObjectAround(text, 'SPPowerDataType') ??
    jsonObjectAround(text, 'SPStorageDataType');
  if (!report) return null;
  const findings: ReportFindings = { kind: 'macos-system-profiler', warnings: [] };

  const hardware = asObjects(report.SPHardwareDataType)[0];
  if (hardware) {
    const name = cleanLine(asText(hardware.machine_name));
    const identifier = cleanLine(asText(hardware.machine_model), 40);
    if (name) findings.model = identifier ? `${name} (${identifier})` : name;
    if (identifier && screenByIdentifier[identifier])
      findings.screenInches = screenByIdentifier[identifier];
    const chip = cleanLine(asText(hardware.chip_type));
    const cpu = cleanLine(asText(hardware.cpu_type));
    if (chip) findings.processor = chip;
    else if (cpu) findings.processor = cpu;
    const memory = /^(\d{1,4})\s*GB$/i.exec(asText(hardware.physical_memory)?.trim() ?? '');
    const ram = memory ? ramFromGb(Number(memory[1])) : undefined;
    if (ram !== undefined) findings.ramGb = ram;
    const serial = cleanLine(asText(hardware.serial_number), 40);
    if (serial && !isPlaceholder(serial)) findings.serialNumber = serial;
  } else {
    findings.warnings.push(
      'The report has no hardware overview: add SPHardwareDataType to the command.',
    );
  }

  if ('SPPowerDataType' in report) {
    const power = asObjects(report.SPPowerDataType).find(
      (entry) => 'sppower_battery_health_info' in entry,
    );
    if (!power) findings.battery = 'none';
    else {
      const health = asObject(power.sppower_battery_health_info);
      const battery: BatteryFindings = {};
      const cycles = Number(health.sppower_battery_cycle_count);
      if (Number.isInteger(cycles) && cycles >= 0) battery.cycles = cycles;
      const maximum = /^(\d{1,3})\s*%$/.exec(
        asText(health.sppower_battery_health_maximum_capacity)?.trim() ?? '',
      );
      if (maximum) battery.statedHealth = Number(maximum[1]);
      const condition = cleanLine(asText(health.sppower_battery_health), 40);
      if (condition) battery.condition = condition;
      if (!maximum) {
        findings.warnings.push(
          `This Mac’s report gives the battery’s condition (${condition ?? 'unknown'}) but not its maximum capacity: update macOS, or look in System Settings › Battery › Battery Health.`,
        );
      }
      findings.battery = battery;
    }
  }

  // Storage: the largest volume of each internal drive is that drive's size.
  const drives = new Map<string, { bytes: number; medium: string | undefined }>();
  for (const volume of asObjects(report.SPStorageDataType)) {
    const drive = asObject(volume.physical_drive);
    if (asText(drive.is_internal_disk) !== 'yes') continue;
    const bytes = Number(volume.size_in_bytes);
    if (!Number.isFinite(bytes) || bytes <= 0) continue;
    const name = asText(drive.device_name) ?? 'internal';
    const known = drives.get(name);
    if (!known || known.bytes < bytes)
      drives.set(name, { bytes, medium: asText(drive.medium_type) });
  }
  if (drives.size > 0) {
    const sizes = [...drives.values()].map((drive) => storageFromBytes(drive.bytes));
    if (sizes.every((size) => size !== undefined))
      findings.storageGb = sizes.reduce((a, b) => a! + b!, 0);
    const media = new Set([...drives.values()].map((drive) => drive.medium));
    if (media.size === 1 && media.has('ssd')) findings.storageType = 'SSD';
    else if (media.size === 1 && media.has('rotational')) findings.storageType = 'HDD';
    if (drives.size > 1)
      findings.warnings.push(
        'This Mac has more than one internal drive: their sizes were added up.',
      );
  }

  for (const graphics of asObjects(report.SPDisplaysDataType)) {
    const builtIn = asObjects(graphics.spdisplays_ndrvs).find(
      (display) =>
        asText(display.spdisplays_connection_type) === 'spdisplays_internal' ||
        /built-?in/i.test(asText(display.spdisplays_display_type) ?? ''),
    );
    const pixels = /^(\d{3,4})\s*x\s*(\d{3,4})/.exec(asText(builtIn?._spdisplays_pixels) ?? '');
    if (pixels) {
      findings.screenResolution = `${pixels[1]} × ${pixels[2]}`;
      break;
    }
  }
  if (
    !hardware &&
    findings.battery === undefined &&
    drives.size === 0 &&
    !findings.screenResolution
  )
    return null;
  return findings;
}

export const macosSystemProfiler: ReportParser = { kind: 'macos-system-profiler', parse };
