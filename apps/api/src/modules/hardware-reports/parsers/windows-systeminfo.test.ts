import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeReport } from '../read-report.ts';
import { fixture } from './fixtures/read-fixture.ts';
import { windowsSysteminfo } from './windows-systeminfo.ts';

const parse = (text: string) => windowsSysteminfo.parse(text);

describe('Windows systeminfo', () => {
  it('reads the model and the memory, rounded to the size sold (16,218 MB is 16 GB)', () => {
    const findings = parse(fixture('systeminfo-en-hp-elitebook.txt'));
    expect(findings).toMatchObject({
      kind: 'windows-systeminfo',
      model: 'HP EliteBook 840 G5',
      ramGb: 16,
    });
    // Family numbers are no processor name: the seller is told so, and nothing is made up.
    expect(findings?.processor).toBeUndefined();
    expect(findings?.warnings.join(' ')).toMatch(/does not name the processor/);
  });

  it('reads German systeminfo, adding the maker to the model', () => {
    expect(parse(fixture('systeminfo-de-dell-latitude.txt'))).toMatchObject({
      model: 'Dell Latitude 5420',
      ramGb: 8,
    });
  });

  it('reads French systeminfo (15 731 Mo)', () => {
    expect(parse(fixture('systeminfo-fr-lenovo-ideapad.txt'))).toMatchObject({
      model: '82R4',
      ramGb: 16,
    });
  });

  it('reads what PowerShell’s > wrote (UTF-16) and what cmd wrote in its code page', () => {
    const text = readFileSync(
      new URL('fixtures/systeminfo-de-dell-latitude.txt', import.meta.url),
      'utf8',
    );
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(parse(decodeReport(utf16))).toMatchObject({ model: 'Dell Latitude 5420', ramGb: 8 });
    // CP850 bytes read as UTF-8: every accent becomes a replacement mark.
    const french = readFileSync(
      new URL('fixtures/systeminfo-fr-lenovo-ideapad.txt', import.meta.url),
      'utf8',
    );
    const mangled = french.replace(/[éèô]/g, '\uFFFD');
    expect(parse(mangled)).toMatchObject({ model: '82R4', ramGb: 16 });
  });

  it('leaves other text alone', () => {
    expect(parse('Dear seller,\nSystem: fine\nModel: great\n')).toBeNull();
    expect(parse(fixture('linux-thinkpad-x1-carbon-all.txt'))).toBeNull();
  });
});
