import type { ReportFindings, ReportParser } from './findings.ts';

/**
 * `upower -i /org/freedesktop/UPower/devices/battery_BAT0`: indented "key: value"
 * lines. energy-full-design and energy-full (Wh) give the health; charge-cycles the
 * cycles ("N/A" where the battery does not count them). Its serial is the battery's,
 * not the laptop's, so it is not used.
 */
function parse(text: string): ReportFindings | null {
  if (!/^\s*native-path:\s/m.test(text) || !/^\s*energy-full(-design)?:\s/m.test(text)) return null;
  const values = new Map<string, string>();
  // The device's lines follow its native-path; a battery has about forty.
  const from = /^\s*native-path:\s/m.exec(text)!.index;
  for (const line of text.slice(from, from + 8_000).split(/\r?\n/, 120)) {
    const match = /^\s{0,12}([a-z][a-z -]{1,30}):\s+(.{0,80})$/.exec(line);
    if (match && !values.has(match[1]!)) values.set(match[1]!, match[2]!.trim());
  }
  const findings: ReportFindings = { kind: 'linux-upower', warnings: [] };
  if (values.get('present') === 'no') {
    findings.battery = 'none';
    return findings;
  }
  const wattHours = (key: string) => {
    const match = /^(\d{1,4}(?:[.,]\d{1,6})?)\s*Wh$/.exec(values.get(key) ?? '');
    const number = match ? Number(match[1]!.replace(',', '.')) : Number.NaN;
    return number > 0 ? number : undefined;
  };
  const cycles = /^\d{1,5}$/.test(values.get('charge-cycles') ?? '')
    ? Number(values.get('charge-cycles'))
    : undefined;
  findings.battery = {
    designCapacity: wattHours('energy-full-design'),
    fullChargeCapacity: wattHours('energy-full'),
    // Most drivers that do not count cycles say 0.
    cycles: cycles === 0 ? undefined : cycles,
  };
  if (!cycles) findings.warnings.push('The battery does not report its cycle count.');
  return findings;
}

export const linuxUpower: ReportParser = { kind: 'linux-upower', parse };
