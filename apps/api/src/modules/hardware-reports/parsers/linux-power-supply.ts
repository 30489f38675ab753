import type { BatteryFindings, ReportFindings, ReportParser } from './findings.ts';

/**
 * `cat /sys/class/power_supply/BAT*\/uevent`: POWER_SUPPLY_KEY=value lines, one block
 * per supply (starting at POWER_SUPPLY_NAME). Batteries give ENERGY_FULL_DESIGN and
 * ENERGY_FULL (µWh), or CHARGE_FULL_DESIGN and CHARGE_FULL (µAh), and CYCLE_COUNT
 * (0 on most that do not count). Mains adapters (TYPE=Mains) are skipped; several
 * batteries are added up.
 */
function parse(text: string): ReportFindings | null {
  if (!/^POWER_SUPPLY_[A-Z_]+=/m.test(text)) return null;
  const blocks: Map<string, string>[] = [];
  let block: Map<string, string> | null = null;
  // One expression over the text; a laptop has a few supplies, so 16 blocks are plenty.
  const line = /^[ \t]*POWER_SUPPLY_([A-Z_]{1,40})=([^\r\n]{0,80})$/gm;
  let match: RegExpExecArray | null;
  while ((match = line.exec(text))) {
    if (match[1] === 'NAME' || !block) {
      if (blocks.length === 16) break;
      block = new Map();
      blocks.push(block);
    }
    if (block.size < 64) block.set(match[1]!, match[2]!.trim());
  }
  const batteries = blocks.filter(
    (b) => b.get('TYPE') === 'Battery' || (!b.has('TYPE') && /^BAT/i.test(b.get('NAME') ?? '')),
  );
  if (batteries.length === 0) return null;
  const findings: ReportFindings = { kind: 'linux-power-supply', warnings: [] };
  const present = batteries.filter((b) => b.get('PRESENT') !== '0');
  if (present.length === 0) {
    findings.battery = 'none';
    return findings;
  }
  const number = (b: Map<string, string>, key: string) => {
    const value = b.get(key);
    return value !== undefined && /^\d{1,12}$/.test(value) ? Number(value) : undefined;
  };
  let design = 0;
  let full = 0;
  let complete = true;
  const cycleCounts: number[] = [];
  for (const b of present) {
    const unit = b.has('ENERGY_FULL_DESIGN') ? 'ENERGY' : 'CHARGE';
    const d = number(b, `${unit}_FULL_DESIGN`);
    const f = number(b, `${unit}_FULL`);
    if (!d || f === undefined) complete = false;
    else {
      design += d;
      full += f;
    }
    const cycles = number(b, 'CYCLE_COUNT');
    if (cycles) cycleCounts.push(cycles);
  }
  const battery: BatteryFindings = {};
  if (complete) {
    battery.designCapacity = design;
    battery.fullChargeCapacity = full;
  }
  if (cycleCounts.length > 0) battery.cycles = Math.max(...cycleCounts);
  else findings.warnings.push('The battery does not report its cycle count.');
  if (present.length > 1) {
    findings.warnings.push(
      'This laptop has more than one battery: their capacities were added up, and the cycle count is the highest of theirs.',
    );
  }
  findings.battery = battery;
  return findings;
}

export const linuxPowerSupply: ReportParser = { kind: 'linux-power-supply', parse };
