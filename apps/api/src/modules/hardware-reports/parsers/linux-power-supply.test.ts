import { describe, expect, it } from 'vitest';
import { fixture } from './fixtures/read-fixture.ts';
import { linuxPowerSupply } from './linux-power-supply.ts';

describe('Linux /sys/class/power_supply/BAT*/uevent', () => {
  it('reads charge_full and charge_full_design, skipping the mains adapter', () => {
    const findings = linuxPowerSupply.parse(fixture('linux-dell-xps-uevent-lscpu-de.txt'));
    expect(findings).toMatchObject({
      kind: 'linux-power-supply',
      battery: { designCapacity: 6_710_000, fullChargeCapacity: 5_123_000 },
    });
    // CYCLE_COUNT=0: this driver does not count them.
    expect(findings?.battery).not.toHaveProperty('cycles');
  });

  it('reads energy_* and adds up two batteries', () => {
    const battery = (name: string, design: number, full: number, cycles: number) =>
      `POWER_SUPPLY_NAME=${name}\nPOWER_SUPPLY_TYPE=Battery\nPOWER_SUPPLY_PRESENT=1\n` +
      `POWER_SUPPLY_CYCLE_COUNT=${cycles}\nPOWER_SUPPLY_ENERGY_FULL_DESIGN=${design}\nPOWER_SUPPLY_ENERGY_FULL=${full}\n`;
    const findings = linuxPowerSupply.parse(
      battery('BAT0', 24_000_000, 20_000_000, 300) + battery('BAT1', 23_000_000, 19_000_000, 280),
    );
    expect(findings?.battery).toEqual({
      designCapacity: 47_000_000,
      fullChargeCapacity: 39_000_000,
      cycles: 300,
    });
    expect(findings?.warnings.join(' ')).toMatch(/more than one battery/);
  });

  it('says so when the battery is not present, and ignores a file of mains adapters only', () => {
    expect(
      linuxPowerSupply.parse(
        'POWER_SUPPLY_NAME=BAT0\nPOWER_SUPPLY_TYPE=Battery\nPOWER_SUPPLY_PRESENT=0\n',
      )?.battery,
    ).toBe('none');
    expect(
      linuxPowerSupply.parse(
        'POWER_SUPPLY_NAME=AC\nPOWER_SUPPLY_TYPE=Mains\nPOWER_SUPPLY_ONLINE=1\n',
      ),
    ).toBeNull();
  });
});
