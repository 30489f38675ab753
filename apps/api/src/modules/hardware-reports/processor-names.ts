import type { CpuFamily } from '@laptops/shared/laptop-specs';

/**
 * A processor's name as systems report it, as a listing says it: the family (our
 * search filter) and the model without trademarks and clock speeds.
 *
 *   "11th Gen Intel(R) Core(TM) i7-1165G7 @ 2.80GHz" → intel-core-i7, "Core i7-1165G7"
 *   "AMD Ryzen 7 PRO 5850U with Radeon Graphics"     → amd-ryzen-7,   "Ryzen 7 PRO 5850U"
 *   "Apple M2 Pro"                                   → apple-m2,      "Apple M2 Pro"
 *   "Quad-Core Intel Core i5" (an Intel Mac)         → intel-core-i5, "Intel Core i5 (quad-core)"
 *
 * Null for a name that names no processor (systeminfo's "Intel64 Family 6 Model 142").
 */
export function processorSpecs(
  reported: string,
): { cpuFamily: CpuFamily; cpuModel: string } | null {
  const name = reported
    .replace(/\((R|TM|C)\)|®|™/gi, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
  if (!name) return null;
  if (/\b(Family \d+ Model \d+|GenuineIntel|AuthenticAMD)\b/i.test(name)) return null;

  const apple = /\bApple (M(\d+))( (Pro|Max|Ultra))?\b/i.exec(name);
  if (apple) {
    const generation = Number(apple[2]);
    const family = (['apple-m1', 'apple-m2', 'apple-m3', 'apple-m4'] as const)[generation - 1];
    return {
      cpuFamily: family ?? 'other',
      cpuModel: `Apple M${generation}${apple[4] ? ` ${capitalise(apple[4])}` : ''}`,
    };
  }

  // An Intel Mac's "Quad-Core Intel Core i5": no model number, the cores say more.
  const intelMac = /^(\w+)-Core Intel Core (i[3579])$/i.exec(name);
  if (intelMac) {
    return {
      cpuFamily: `intel-core-${intelMac[2]!.toLowerCase()}` as CpuFamily,
      cpuModel: `Intel Core ${intelMac[2]!.toLowerCase()} (${intelMac[1]!.toLowerCase()}-core)`,
    };
  }

  const withoutExtras = name
    .replace(/^\d+(st|nd|rd|th) Gen /i, '')
    .replace(/\s*@.*$/, '')
    .replace(/\s+with Radeon.*$/i, '')
    .replace(/\s+\d+-Core Processor$/i, '')
    .replace(/\s+(CPU|Processor)\b/gi, '')
    .replace(/,.*$/, '')
    .trim();

  const ultra = /\bCore Ultra ([3579])\b\s*([\w-]*)/i.exec(withoutExtras);
  if (ultra) {
    return {
      cpuFamily: 'intel-core-ultra',
      cpuModel: `Core Ultra ${ultra[1]}${ultra[2] ? ` ${ultra[2].toUpperCase()}` : ''}`,
    };
  }
  const core = /\bCore (i[3579])[- ]?([\w]*)/i.exec(withoutExtras);
  if (core) {
    const tier = core[1]!.toLowerCase();
    return {
      cpuFamily: `intel-core-${tier}` as CpuFamily,
      cpuModel: `Core ${tier}${core[2] ? `-${core[2].toUpperCase()}` : ''}`,
    };
  }
  const ryzen = /\bRyzen ([3579])\b((?: PRO)?(?: [\w]+)?)/i.exec(withoutExtras);
  if (ryzen) {
    return {
      cpuFamily: `amd-ryzen-${ryzen[1]}` as CpuFamily,
      cpuModel: `Ryzen ${ryzen[1]}${ryzen[2] ?? ''}`.slice(0, 80),
    };
  }
  const model = withoutExtras.replace(/^(Intel|AMD) /i, '').slice(0, 80);
  if (!model) return null;
  if (/\bIntel\b|^(Celeron|Pentium|Atom|Xeon|Core)\b/i.test(name)) {
    return { cpuFamily: 'intel-other', cpuModel: model };
  }
  if (/\bAMD\b|^(Athlon|A\d+|Ryzen)\b/i.test(name))
    return { cpuFamily: 'amd-other', cpuModel: model };
  return { cpuFamily: 'other', cpuModel: model };
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}
