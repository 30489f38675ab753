import { cpuFamilyNames } from '@laptops/shared/cpu-family-names';
import { formatStorage } from '@laptops/shared/laptop-specs';
import type { ProductDetails } from '@laptops/shared/products';
import { laptopPageMessages as t, specLabels } from '../laptop-page-messages.ts';

type Specs = ProductDetails['specs'];
type SpecField = keyof Specs;

/** The fields each row shows, for saying where the row's value came from. */
const rowFields: Record<string, SpecField[]> = {
  [specLabels.model]: ['model'],
  [specLabels.cpu]: ['cpuModel', 'cpuGeneration'],
  [specLabels.ramGb]: ['ramGb'],
  [specLabels.storage]: ['storageGb', 'storageType'],
  [specLabels.graphics]: ['graphics'],
  [specLabels.screen]: ['screenInches', 'screenResolution'],
  [specLabels.operatingSystem]: ['operatingSystem'],
  [specLabels.keyboardLayout]: ['keyboardLayout'],
  [specLabels.battery]: ['batteryHealth'],
  [specLabels.batteryCycles]: ['batteryCycles'],
  [specLabels.chargerIncluded]: ['chargerIncluded'],
};

/** A row is from the device report when every value it shows is. */
export function rowFromReport(label: string, specs: Specs, sources: Record<string, string>) {
  const shown = (rowFields[label] ?? []).filter((field) => specs[field] !== null);
  return shown.length > 0 && shown.every((field) => sources[field] === 'device-report');
}

/** The rows a laptop's specs fill, leaving out what the seller did not give. */
export function specRows(specs: Specs): [label: string, value: string][] {
  const cpu = [
    specs.cpuModel,
    specs.cpuGeneration && `(${specs.cpuGeneration})`,
    specs.cpuFamily && !specs.cpuModel ? cpuFamilyNames[specs.cpuFamily] : null,
  ]
    .filter(Boolean)
    .join(' ');
  const screen = [specs.screenInches && `${specs.screenInches}″`, specs.screenResolution]
    .filter(Boolean)
    .join(', ');
  const rows: [string, string | null][] = [
    [specLabels.model, specs.model],
    [specLabels.cpu, cpu || null],
    [specLabels.ramGb, specs.ramGb === null ? null : `${specs.ramGb} GB`],
    [
      specLabels.storage,
      specs.storageGb === null
        ? null
        : `${formatStorage(specs.storageGb)}${specs.storageType ? ` ${specs.storageType}` : ''}`,
    ],
    [specLabels.graphics, specs.graphics],
    [specLabels.screen, screen || null],
    [specLabels.operatingSystem, specs.operatingSystem],
    [specLabels.keyboardLayout, specs.keyboardLayout],
    [specLabels.battery, specs.batteryHealth === null ? null : `${specs.batteryHealth}%`],
    [specLabels.batteryCycles, specs.batteryCycles === null ? null : String(specs.batteryCycles)],
    [
      specLabels.chargerIncluded,
      specs.chargerIncluded === null ? null : specs.chargerIncluded ? 'Yes' : 'No',
    ],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== null);
}

/**
 * A laptop's specs as a two-column table (label, value). When its seller imported the
 * laptop's own report, each value says whether it came from it or was typed.
 */
export function SpecTable({
  specs,
  sources = {},
}: {
  specs: Specs;
  sources?: Record<string, string>;
}) {
  const rows = specRows(specs);
  const marked = Object.keys(sources).length > 0;
  if (rows.length === 0) return <p className="text-base-content/75">{t.unknownSpecs}</p>;
  return (
    <table className="table">
      <caption className="sr-only">{t.specs}</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row" className="w-2/5 font-medium text-base-content/75">
              {label}
            </th>
            <td>
              {value}
              {marked && (
                <span className="block text-xs text-base-content/70">
                  {rowFromReport(label, specs, sources) ? t.fromDeviceReport : t.enteredBySeller}
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
