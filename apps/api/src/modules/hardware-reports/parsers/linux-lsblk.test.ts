import { describe, expect, it } from 'vitest';
import { fixture } from './fixtures/read-fixture.ts';
import { linuxLsblk } from './linux-lsblk.ts';

describe('Linux lsblk -J', () => {
  it('reads the internal NVMe disk in bytes, leaving out USB sticks and zram', () => {
    expect(linuxLsblk.parse(fixture('linux-thinkpad-x1-carbon-all.txt'))).toMatchObject({
      storageGb: 512,
      storageType: 'SSD',
      warnings: [],
    });
  });

  it('reads sizes lsblk wrote for people (238.5G)', () => {
    expect(linuxLsblk.parse(fixture('linux-dell-xps-uevent-lscpu-de.txt'))).toMatchObject({
      storageGb: 256,
      storageType: 'SSD',
    });
  });

  it('adds up two drives as sold and says when it cannot tell SSD from HDD', () => {
    const findings = linuxLsblk.parse(fixture('linux-desktop-ryzen.txt'));
    expect(findings?.storageGb).toBe(1024 + 512);
    expect(findings?.storageType).toBeUndefined();
    expect(findings?.warnings.join(' ')).toMatch(/whether the drive is an SSD/);
  });

  it('reads a spinning disk and eMMC', () => {
    const hdd =
      '{"blockdevices":[{"name":"sda","size":1000204886016,"type":"disk","rota":"1","rm":"0"}]}';
    expect(linuxLsblk.parse(hdd)).toMatchObject({ storageGb: 1024, storageType: 'HDD' });
    const emmc = '{"blockdevices":[{"name":"mmcblk0","size":"58.2G","type":"disk"}]}';
    expect(linuxLsblk.parse(emmc)).toMatchObject({ storageGb: 64, storageType: 'eMMC' });
  });
});
