import { describe, expect, it } from 'vitest';
import { fixture } from './fixtures/read-fixture.ts';
import { HardwareReportRefusal } from './findings.ts';
import { refusals, windowsBatteryReport } from './windows-battery-report.ts';

const parse = (text: string) => windowsBatteryReport.parse(text);

describe('the Windows battery report (powercfg /batteryreport)', () => {
  it('reads an English report: the product name, both capacities and the cycle count', () => {
    const findings = parse(fixture('battery-report-en-hp-elitebook.html'));
    expect(findings).toMatchObject({
      kind: 'windows-battery-report',
      // The firmware's doubled maker is said once.
      model: 'HP EliteBook 840 G5',
      battery: { designCapacity: 50_270, fullChargeCapacity: 43_130, cycles: 112 },
    });
  });

  it('never reads what the page’s script would write (99,999 mWh is in a script)', () => {
    const findings = parse(fixture('battery-report-en-hp-elitebook.html'));
    expect(findings?.battery).not.toMatchObject({ designCapacity: 99_999 });
  });

  it('reads a German report (dots group thousands)', () => {
    expect(parse(fixture('battery-report-de-lenovo-thinkpad.html'))).toMatchObject({
      model: 'LENOVO 20S0002UGE',
      battery: { designCapacity: 50_490, fullChargeCapacity: 41_220, cycles: 287 },
    });
  });

  it('reads a French report (spaces group thousands) whose battery counts no cycles', () => {
    const findings = parse(fixture('battery-report-fr-dell-latitude.html'));
    expect(findings).toMatchObject({
      model: 'Latitude 7490',
      battery: { designCapacity: 60_002, fullChargeCapacity: 51_873, cycles: undefined },
    });
    expect(findings?.warnings.join(' ')).toMatch(/no cycle count/);
  });

  it('reads a report in a language it has no labels for by the table’s layout, adding two batteries', () => {
    const findings = parse(fixture('battery-report-two-batteries-unknown-language.html'));
    expect(findings).toMatchObject({
      model: '20L5000UPB',
      battery: {
        designCapacity: 24_050 + 23_480,
        fullChargeCapacity: 20_110 + 18_960,
        cycles: 341,
      },
    });
    expect(findings?.warnings.join(' ')).toMatch(/more than one battery/);
  });

  it('says a desktop has no battery, and still names it', () => {
    expect(parse(fixture('battery-report-en-desktop.html'))).toMatchObject({
      model: 'HP EliteDesk 800 G4 SFF',
      battery: 'none',
    });
  });

  it('refuses a report cut short before the batteries, or between the two capacities', () => {
    const report = fixture('battery-report-en-hp-elitebook.html');
    const beforeBatteries = report.slice(0, report.indexOf('Installed batteries'));
    expect(() => parse(beforeBatteries)).toThrow(
      new HardwareReportRefusal(refusals.noDesignCapacity),
    );
    const afterDesign = report.slice(0, report.indexOf('FULL CHARGE CAPACITY'));
    expect(() => parse(afterDesign)).toThrow(new HardwareReportRefusal(refusals.noFullCharge));
  });

  it('refuses a report whose design capacity row is missing', () => {
    const report = fixture('battery-report-de-lenovo-thinkpad.html').replace(
      /<tr><td><span class="label">AUSLEGUNGSKAPAZITÄT<\/span><\/td><td>[^<]*<\/td><\/tr>/,
      '',
    );
    expect(() => parse(report)).toThrow(/no design capacity/);
  });

  it('leaves other files alone: a web page, a systeminfo text', () => {
    expect(parse('<html><body><table><tr><td>5 mWh</td></tr></table></body></html>')).toBeNull();
    expect(parse(fixture('systeminfo-en-hp-elitebook.txt'))).toBeNull();
  });

  it('reads hostile markup as text: scripts, comments, broken tags, handlers', () => {
    const hostile =
      '<html xmlns:bat="http://schemas.microsoft.com/battery/2012"><body onload="alert(1)">' +
      '<table><tr><td class="label">SYSTEM PRODUCT NAME</td><td><img src=x onerror="alert(2)">Evil<script>alert(3)</script> Book</td></tr></table>' +
      '<!-- <table><tr><td><span class="label">DESIGN CAPACITY</span></td><td>1 mWh</td></tr></table> -->' +
      '<table><tr><td><span class="label">DESIGN CAPACITY</span></td><td>40,000 mWh</td></tr>' +
      '<tr><td><span class="label">FULL CHARGE CAPACITY</span></td><td>30,000 mWh</td></tr>' +
      '<tr><td><span class="label">CYCLE COUNT</span></td><td>10</td></tr></table><scr<script>ipt>';
    expect(parse(hostile)).toMatchObject({
      model: 'Evil Book',
      battery: { designCapacity: 40_000, fullChargeCapacity: 30_000, cycles: 10 },
    });
  });
});
