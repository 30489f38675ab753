import { describe, expect, it } from 'vitest';
import { fixture } from './fixtures/read-fixture.ts';
import { linuxDmidecode } from './linux-dmidecode.ts';

describe('Linux dmidecode -t system', () => {
  it('names a ThinkPad by its Version, not its machine type, and reads the serial', () => {
    expect(linuxDmidecode.parse(fixture('linux-thinkpad-x1-carbon-all.txt'))).toMatchObject({
      model: 'Lenovo ThinkPad X1 Carbon Gen 9',
      serialNumber: 'PF2KXQ8N',
    });
  });

  it('adds the maker to the product name', () => {
    expect(linuxDmidecode.parse(fixture('linux-dell-xps-uevent-lscpu-de.txt'))).toMatchObject({
      model: 'Dell XPS 13 7390',
      serialNumber: '7XK2Q33',
    });
  });

  it('ignores what the maker left unfilled', () => {
    expect(linuxDmidecode.parse(fixture('linux-desktop-ryzen.txt'))).toBeNull();
  });
});
