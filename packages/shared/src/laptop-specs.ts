/**
 * What buyers of used laptops compare, as a listing holds it. Kept apart from the
 * product contract (zod) so that cards and pages that only show specs do not
 * download zod. The rules for each field are in products.ts (productSpecsSchema).
 */

export const storageTypes = ['SSD', 'HDD', 'eMMC'] as const;
export type StorageType = (typeof storageTypes)[number];

/** CPU families, as search filters on them. The model ("Core i5-8350U") is free text. */
export const cpuFamilies = [
  'intel-core-i3',
  'intel-core-i5',
  'intel-core-i7',
  'intel-core-i9',
  'intel-core-ultra',
  'intel-other',
  'amd-ryzen-3',
  'amd-ryzen-5',
  'amd-ryzen-7',
  'amd-ryzen-9',
  'amd-other',
  'apple-m1',
  'apple-m2',
  'apple-m3',
  'apple-m4',
  'other',
] as const;
export type CpuFamily = (typeof cpuFamilies)[number];

export const specLimits = {
  ramGb: { min: 1, max: 256 },
  storageGb: { min: 8, max: 16_384 },
  screenInches: { min: 10, max: 20 },
  batteryHealth: { min: 1, max: 100 },
  batteryCycles: { min: 0, max: 5_000 },
} as const;

/**
 * A listing's specs. The core (CPU, RAM, storage, screen) is required of new listings;
 * listings made before specs existed have null there until their seller edits them.
 */
export type LaptopSpecs = {
  model: string | null;
  cpuFamily: CpuFamily | null;
  cpuModel: string | null;
  cpuGeneration: string | null;
  ramGb: number | null;
  storageGb: number | null;
  storageType: StorageType | null;
  graphics: string | null;
  screenInches: number | null;
  screenResolution: string | null;
  operatingSystem: string | null;
  keyboardLayout: string | null;
  /** % of the battery's design capacity it still holds. */
  batteryHealth: number | null;
  batteryCycles: number | null;
  chargerIncluded: boolean | null;
  knownIssues: string | null;
};

/** 512 → "512 GB", 2048 → "2 TB". */
export function formatStorage(gb: number): string {
  return gb >= 1024 && gb % 1024 === 0 ? `${gb / 1024} TB` : `${gb} GB`;
}

/** The few specs a card shows, in one line: "16 GB RAM · 512 GB SSD · 14″". */
export function keySpecs(
  specs: Pick<LaptopSpecs, 'ramGb' | 'storageGb' | 'storageType' | 'screenInches'>,
): string[] {
  const parts: string[] = [];
  if (specs.ramGb !== null) parts.push(`${specs.ramGb} GB RAM`);
  if (specs.storageGb !== null) {
    parts.push(
      `${formatStorage(specs.storageGb)}${specs.storageType ? ` ${specs.storageType}` : ''}`,
    );
  }
  if (specs.screenInches !== null) parts.push(`${specs.screenInches}″`);
  return parts;
}
