import { describe, expect, it } from 'vitest';
import { fixture } from './fixtures/read-fixture.ts';
import { macosSystemProfiler } from './macos-system-profiler.ts';

const parse = (text: string) => macosSystemProfiler.parse(text);

describe('macOS system_profiler -json', () => {
  it('reads an Apple silicon MacBook Air: chip, memory, internal SSD, screen, battery, serial', () => {
    expect(parse(fixture('macos-macbook-air-m1.json'))).toMatchObject({
      kind: 'macos-system-profiler',
      model: 'MacBook Air (MacBookAir10,1)',
      processor: 'Apple M1',
      ramGb: 8,
      // 494 GB volume on its one internal drive (the USB stick is left out).
      storageGb: 512,
      storageType: 'SSD',
      screenInches: 13.3,
      screenResolution: '2560 × 1600',
      battery: { statedHealth: 89, cycles: 213, condition: 'Good' },
      serialNumber: 'FVFDK4XLQ6L4',
      warnings: [],
    });
  });

  it('reads an Intel MacBook Pro whose macOS gives the battery’s condition but not its capacity', () => {
    const findings = parse(fixture('macos-macbook-pro-intel-2020.json'));
    expect(findings).toMatchObject({
      model: 'MacBook Pro (MacBookPro16,2)',
      processor: 'Quad-Core Intel Core i5',
      ramGb: 16,
      storageGb: 1024,
      screenResolution: '2560 × 1600',
      battery: { cycles: 512, condition: 'Normal' },
    });
    expect(findings?.battery).not.toHaveProperty('statedHealth');
    expect(findings?.warnings.join(' ')).toMatch(
      /condition \(Normal\) but not its maximum capacity/,
    );
  });

  it('says a Mac mini has no battery and no screen of its own', () => {
    const findings = parse(fixture('macos-mac-mini-desktop.json'));
    expect(findings).toMatchObject({ processor: 'Apple M2 Pro', battery: 'none', storageGb: 512 });
    expect(findings?.screenResolution).toBeUndefined();
  });

  it('reads nothing from a file cut short or JSON of another kind', () => {
    const report = fixture('macos-macbook-air-m1.json');
    expect(parse(report.slice(0, report.length / 2))).toBeNull();
    expect(parse('{"SPHardwareDataType": "nope"}')).toBeNull();
    expect(parse('{"name": "not a report"}')).toBeNull();
  });

  it('takes values of the wrong type as missing, never as text to trust', () => {
    const odd = JSON.stringify({
      SPHardwareDataType: [
        { machine_name: { evil: true }, physical_memory: 'lots', chip_type: 42 },
      ],
      SPStorageDataType: [{ size_in_bytes: 'big', physical_drive: { is_internal_disk: 'yes' } }],
    });
    const findings = parse(odd);
    expect(findings).toMatchObject({ processor: '42' });
    expect(findings?.model).toBeUndefined();
    expect(findings?.ramGb).toBeUndefined();
    expect(findings?.storageGb).toBeUndefined();
  });
});
