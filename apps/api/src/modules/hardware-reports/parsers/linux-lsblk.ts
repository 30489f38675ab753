import type { StorageType } from '@laptops/shared/laptop-specs';
import { storageFromBytes, type ReportFindings, type ReportParser } from './findings.ts';
import { asObjects, asText, jsonObjectAround } from './json-object.ts';

/**
 * `lsblk -J` ({"blockdevices": [...]}); best with `-b -o NAME,SIZE,TYPE,ROTA,TRAN,MODEL`
 * (sizes in bytes, and whether each disk spins). Without -b, sizes read "476.9G"
 * (powers of 1024). Only internal disks count: not loop, zram, optical drives,
 * removable or USB ones.
 */
const units: Record<string, number> = {
  B: 1,
  K: 1024,
  M: 1024 ** 2,
  G: 1024 ** 3,
  T: 1024 ** 4,
  P: 1024 ** 5,
};

function bytesOf(size: unknown): number | undefined {
  if (typeof size === 'number') return size;
  const match = /^(\d{1,16}(?:[.,]\d{1,3})?)([BKMGTP])?$/i.exec(asText(size)?.trim() ?? '');
  if (!match) return undefined;
  return Number(match[1]!.replace(',', '.')) * units[(match[2] ?? 'B').toUpperCase()]!;
}

const yes = (value: unknown) => value === true || value === '1' || value === 1;

function parse(text: string): ReportFindings | null {
  const report = jsonObjectAround(text, 'blockdevices');
  if (!report) return null;
  const disks = asObjects(report.blockdevices).filter((device) => {
    const name = asText(device.name) ?? '';
    return (
      asText(device.type) === 'disk' &&
      !/^(loop|zram|ram|sr|fd)/.test(name) &&
      !yes(device.rm) &&
      asText(device.tran) !== 'usb'
    );
  });
  const findings: ReportFindings = { kind: 'linux-lsblk', warnings: [] };
  if (disks.length === 0) return findings;
  // Each drive as sold (476.9 GiB is 512 GB), then added up.
  const sizes = disks.map((disk) => storageFromBytes(bytesOf(disk.size) ?? 0));
  if (sizes.every((size) => size !== undefined))
    findings.storageGb = sizes.reduce((a, b) => a! + b!, 0);
  const types = new Set<StorageType | undefined>(
    disks.map((disk) => {
      const name = asText(disk.name) ?? '';
      if (name.startsWith('nvme') || asText(disk.tran) === 'nvme') return 'SSD';
      if (name.startsWith('mmcblk')) return 'eMMC';
      if ('rota' in disk) return yes(disk.rota) ? 'HDD' : 'SSD';
      return undefined;
    }),
  );
  const [only] = types;
  if (types.size === 1 && only) findings.storageType = only;
  else
    findings.warnings.push(
      'The report does not say whether the drive is an SSD: choose it yourself, or run lsblk with -o NAME,SIZE,TYPE,ROTA.',
    );
  if (disks.length > 1)
    findings.warnings.push('This laptop has more than one drive: their sizes were added up.');
  return findings;
}

export const linuxLsblk: ReportParser = { kind: 'linux-lsblk', parse };
