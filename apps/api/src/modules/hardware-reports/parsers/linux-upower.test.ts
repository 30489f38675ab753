import { describe, expect, it } from 'vitest';
import { fixture } from './fixtures/read-fixture.ts';
import { linuxUpower } from './linux-upower.ts';

describe('Linux upower -i', () => {
  it('reads both energies (with decimal commas) and the cycle count', () => {
    expect(linuxUpower.parse(fixture('linux-thinkpad-x1-carbon-all.txt'))).toMatchObject({
      kind: 'linux-upower',
      battery: { designCapacity: 57.02, fullChargeCapacity: 48.16, cycles: 235 },
    });
  });

  it('takes charge-cycles 0 or N/A as not counted', () => {
    const text =
      '  native-path: BAT1\n  energy-full: 40 Wh\n  energy-full-design: 50 Wh\n  charge-cycles: N/A\n';
    const findings = linuxUpower.parse(text);
    expect(findings?.battery).toEqual({
      designCapacity: 50,
      fullChargeCapacity: 40,
      cycles: undefined,
    });
    expect(findings?.warnings).toEqual(['The battery does not report its cycle count.']);
    expect(linuxUpower.parse(text.replace('N/A', '0'))?.battery).toMatchObject({
      cycles: undefined,
    });
  });

  it('says so when no battery is present', () => {
    const text = '  native-path: BAT0\n  battery\n    present: no\n    energy-full: 0 Wh\n';
    expect(linuxUpower.parse(text)?.battery).toBe('none');
  });

  it('leaves other text alone', () => {
    expect(linuxUpower.parse(fixture('systeminfo-en-hp-elitebook.txt'))).toBeNull();
  });
});
