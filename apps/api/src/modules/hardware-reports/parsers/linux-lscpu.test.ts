import { describe, expect, it } from 'vitest';
import { fixture } from './fixtures/read-fixture.ts';
import { linuxLscpu } from './linux-lscpu.ts';

describe('Linux lscpu', () => {
  it('reads the model name, in English and in German', () => {
    expect(linuxLscpu.parse(fixture('linux-thinkpad-x1-carbon-all.txt'))?.processor).toBe(
      '11th Gen Intel(R) Core(TM) i7-1165G7 @ 2.80GHz',
    );
    expect(linuxLscpu.parse(fixture('linux-dell-xps-uevent-lscpu-de.txt'))?.processor).toBe(
      'Intel(R) Core(TM) i5-10210U CPU @ 1.60GHz',
    );
    expect(linuxLscpu.parse(fixture('linux-desktop-ryzen.txt'))?.processor).toBe(
      'AMD Ryzen 5 5600X 6-Core Processor',
    );
  });

  it('leaves other text alone', () => {
    expect(linuxLscpu.parse('Model name: my laptop')).toBeNull();
    expect(linuxLscpu.parse(fixture('systeminfo-en-hp-elitebook.txt'))).toBeNull();
  });
});
