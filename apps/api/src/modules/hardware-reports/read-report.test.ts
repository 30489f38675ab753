import { describe, expect, it } from 'vitest';
import { fixture } from './parsers/fixtures/read-fixture.ts';
import {
  decodeReport,
  HardwareReportRefusal,
  readHardwareReport,
  refusalMessages,
} from './read-report.ts';

const refusal = (message: string) => new HardwareReportRefusal(message);

describe('reading a hardware report', () => {
  it('maps a Mac’s report to every field it gives, and names them', () => {
    const report = readHardwareReport(fixture('macos-macbook-air-m1.json'));
    expect(report).toEqual({
      kinds: ['macos-system-profiler'],
      specs: {
        model: 'MacBook Air (MacBookAir10,1)',
        cpuFamily: 'apple-m1',
        cpuModel: 'Apple M1',
        ramGb: 8,
        storageGb: 512,
        storageType: 'SSD',
        screenInches: 13.3,
        screenResolution: '2560 × 1600',
        batteryHealth: 89,
        batteryCycles: 213,
      },
      fields: [
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
      ],
      serialNumber: 'FVFDK4XLQ6L4',
      warnings: [],
    });
  });

  it('works out battery health from a battery report: full ÷ design, rounded (43,130 / 50,270 → 86%)', () => {
    const report = readHardwareReport(fixture('battery-report-en-hp-elitebook.html'));
    expect(report.specs).toEqual({
      model: 'HP EliteBook 840 G5',
      batteryHealth: 86,
      batteryCycles: 112,
    });
    expect(report.warnings.join(' ')).toMatch(/run systeminfo/);
  });

  it('reads every Linux output in one file', () => {
    const report = readHardwareReport(fixture('linux-thinkpad-x1-carbon-all.txt'));
    expect(report.kinds).toEqual(['linux-upower', 'linux-lscpu', 'linux-lsblk', 'linux-dmidecode']);
    expect(report.specs).toEqual({
      model: 'Lenovo ThinkPad X1 Carbon Gen 9',
      cpuFamily: 'intel-core-i7',
      cpuModel: 'Core i7-1165G7',
      storageGb: 512,
      storageType: 'SSD',
      batteryHealth: 84,
      batteryCycles: 235,
    });
    expect(report.serialNumber).toBe('PF2KXQ8N');
  });

  it('reads systeminfo and a battery report pasted one after the other', () => {
    const both =
      fixture('systeminfo-en-hp-elitebook.txt') +
      '\n' +
      fixture('battery-report-en-hp-elitebook.html');
    const report = readHardwareReport(both);
    expect(report.kinds).toEqual(['windows-battery-report', 'windows-systeminfo']);
    expect(report.specs).toMatchObject({ ramGb: 16, batteryHealth: 86, batteryCycles: 112 });
  });

  it('answers a desktop’s report with what it found, and that there is no battery', () => {
    const report = readHardwareReport(fixture('macos-mac-mini-desktop.json'));
    expect(report.specs).not.toHaveProperty('batteryHealth');
    expect(report.warnings).toContain(
      'The report shows no battery: this computer has none, or it is not connected.',
    );
  });

  it('says 100% for a battery above its design capacity, and tells the seller', () => {
    const text = fixture('battery-report-en-hp-elitebook.html').replace('43,130 mWh', '51,002 mWh');
    const report = readHardwareReport(text);
    expect(report.specs.batteryHealth).toBe(100);
    expect(report.warnings.join(' ')).toMatch(/holds 101% of its design capacity/);
  });

  it('refuses a battery report cut short, saying what is missing', () => {
    const report = fixture('battery-report-en-hp-elitebook.html');
    const cut = report.slice(0, report.indexOf('DESIGN CAPACITY</span>') - 40);
    expect(() => readHardwareReport(cut)).toThrow(
      /This looks like a battery report, but it has no design capacity/,
    );
  });

  it('refuses what is no report, naming what we accept', () => {
    for (const text of [
      'hello',
      '{"name": "laptop"}',
      '<html><body><h1>My laptop</h1></body></html>',
    ]) {
      expect(() => readHardwareReport(text)).toThrow(refusal(refusalMessages.notAReport));
    }
    expect(refusalMessages.notAReport).toMatch(
      /powercfg \/batteryreport.*system_profiler -json.*lscpu/,
    );
  });

  it('refuses empty, binary and oversized files before parsing them', () => {
    expect(() => readHardwareReport('  \n ')).toThrow(refusal(refusalMessages.empty));
    expect(() => decodeReport(new Uint8Array())).toThrow(refusal(refusalMessages.empty));
    // A PNG's first bytes, then noise.
    const png = Buffer.from([
      0x89,
      0x50,
      0x4e,
      0x47,
      0x0d,
      0x0a,
      0x1a,
      0x0a,
      ...Array.from({ length: 4000 }, (_, i) => (i * 37) % 256),
    ]);
    expect(() => readHardwareReport(decodeReport(png))).toThrow(refusal(refusalMessages.notText));
    expect(() => decodeReport(new Uint8Array(2 * 1024 * 1024 + 1))).toThrow(
      refusal(refusalMessages.tooLarge),
    );
    expect(() => readHardwareReport('a'.repeat(2 * 1024 * 1024 + 1))).toThrow(
      refusal(refusalMessages.tooLarge),
    );
  });

  it('reads a 2 MB report padded with junk quickly', () => {
    const padded =
      fixture('linux-thinkpad-x1-carbon-all.txt') + '\n' + 'x: y\n<td>'.repeat(200_000);
    const started = performance.now();
    expect(readHardwareReport(padded.slice(0, 2 * 1024 * 1024)).specs.cpuModel).toBe(
      'Core i7-1165G7',
    );
    expect(performance.now() - started).toBeLessThan(500);
  });
});
