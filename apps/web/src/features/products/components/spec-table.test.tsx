import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { makeProductDetails } from '../../../testing/factories.ts';
import { SpecTable } from './spec-table.tsx';

const cellOf = (label: string) =>
  screen.getByRole('rowheader', { name: label }).nextElementSibling?.textContent;

it('says of each spec whether the laptop’s own report gave it or the seller typed it', () => {
  const { specs } = makeProductDetails();
  render(
    <SpecTable
      specs={specs}
      sources={{
        ramGb: 'device-report',
        storageGb: 'device-report',
        storageType: 'device-report',
        batteryHealth: 'device-report',
        // The processor's generation was typed: the row is the seller's.
        cpuModel: 'device-report',
      }}
    />,
  );
  expect(cellOf('Memory (RAM)')).toBe('16 GBFrom the device report');
  expect(cellOf('Storage')).toBe('512 GB SSDFrom the device report');
  expect(cellOf('Battery health')).toBe('90%From the device report');
  expect(cellOf('Processor')).toBe('Core i7-1250U (12th gen)Entered by the seller');
  expect(cellOf('Graphics')).toBe('Intel Iris XeEntered by the seller');
});

it('says nothing of sources on a listing made without a report', () => {
  render(<SpecTable specs={makeProductDetails().specs} />);
  expect(cellOf('Memory (RAM)')).toBe('16 GB');
  expect(screen.queryByText('Entered by the seller')).toBeNull();
});
