import { cpuFamilyNames } from '@laptops/shared/cpu-family-names';
import { formatStorage } from '@laptops/shared/laptop-specs';
import type { ProductDetails } from '@laptops/shared/products';
import { laptopPageMessages as t, specLabels } from '../laptop-page-messages.ts';

type Specs = ProductDetails['specs'];

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

/** A laptop's specs as a two-column table (label, value). */
export function SpecTable({ specs }: { specs: Specs }) {
  const rows = specRows(specs);
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
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
