import { describe, expect, it } from 'vitest';
import { fixture } from './fixtures/read-fixture.ts';
import { windowsMsinfo32 } from './windows-msinfo32.ts';

describe('Windows msinfo32 /report', () => {
  it('reads its UTF-16 text: model, processor name and installed memory', () => {
    expect(windowsMsinfo32.parse(fixture('msinfo32-en-hp-elitebook.txt'))).toMatchObject({
      kind: 'windows-msinfo32',
      model: 'HP EliteBook 840 G5',
      processor: 'Intel(R) Core(TM) i5-8350U CPU @ 1.70GHz',
      ramGb: 16,
    });
  });

  it('leaves other text alone', () => {
    expect(windowsMsinfo32.parse(fixture('systeminfo-en-hp-elitebook.txt'))).toBeNull();
    expect(windowsMsinfo32.parse('[System Summary]\n')).toBeNull();
  });
});
