import { describe, expect, it } from 'vitest';
import { conditionDefinitions } from '@laptops/shared/conditions';
import { productSpecFieldsSchema } from '@laptops/shared/products';
import { demoProducts } from './demo-data.ts';
import { demoSpecs } from './demo-specs.ts';

const listings = demoProducts.map((demo) => ({ demo, specs: demoSpecs[demo.name] }));

describe('demo specs', () => {
  it('gives every demo listing its specs, under its exact name', () => {
    expect(
      listings.filter(({ specs }) => specs === undefined).map(({ demo }) => demo.name),
    ).toEqual([]);
    expect(Object.keys(demoSpecs).sort()).toEqual(demoProducts.map((demo) => demo.name).sort());
  });

  it.each(listings)('$demo.name: sets the core and is what a seller could enter', ({ specs }) => {
    expect(specs).toBeDefined();
    if (!specs) return;
    for (const field of [
      'cpuFamily',
      'cpuModel',
      'ramGb',
      'storageGb',
      'storageType',
      'screenInches',
    ] as const) {
      expect(specs[field], field).not.toBeNull();
    }
    // The form's own rules; parsing changes nothing, so resolutions are already written '2560 × 1664'.
    expect(productSpecFieldsSchema.parse(specs)).toEqual(specs);
  });

  it.each(listings)('$demo.name: battery health meets its grade', ({ demo, specs }) => {
    const minimum = conditionDefinitions[demo.conditionType].minBatteryHealth;
    expect(specs?.batteryHealth ?? minimum).toBeGreaterThanOrEqual(minimum);
  });

  it('matches what the listings say', () => {
    for (const { demo, specs } of listings) {
      expect(specs?.operatingSystem?.startsWith('macOS'), demo.name).toBe(demo.brand === 'Apple');
      if (demo.name.includes('Chromebook')) expect(specs?.storageType, demo.name).toBe('eMMC');
    }
    const battery = (name: string) => demoSpecs[name]?.batteryHealth;
    expect(battery('MacBook Air 13" M2, 8 GB RAM, 256 GB SSD, Midnight')).toBe(94);
    expect(demoSpecs['MacBook Air 15" M3, 16 GB, Starlight']?.batteryCycles).toBe(18);
    expect(battery('HP EliteBook 840 G8, i5-1135G7, 16 GB, 512 GB')).toBe(81);
    expect(demoSpecs['ASUS TUF Gaming F15, i5-11400H, RTX 3050']?.knownIssues).toMatch(
      /WASD|W, A, S/,
    );
  });

  it('leaves some optional fields blank, as real sellers do', () => {
    const all = Object.values(demoSpecs);
    expect(all.some((specs) => specs.batteryCycles === null)).toBe(true);
    expect(all.some((specs) => specs.chargerIncluded === null)).toBe(true);
    expect(all.filter((specs) => specs.knownIssues !== null).length).toBeGreaterThanOrEqual(2);
  });
});
