import { act, fireEvent, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { Toaster, toastDurations } from './toaster.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  act(() => toast.remove());
  vi.useRealTimers();
});

const options = {
  success: { duration: toastDurations.success },
  error: { duration: toastDurations.error },
};

it('announces a success and an error as alerts, and takes each away after its duration', () => {
  render(<Toaster toastOptions={options} />);
  act(() => {
    toast.success('Successfully Deleted.');
    toast.error('Could not delete.');
  });
  const success = screen.getByText('Successfully Deleted.');
  expect(success.getAttribute('role')).toBe('status');
  expect(success.getAttribute('aria-live')).toBe('polite');
  expect(screen.getByText('Could not delete.').getAttribute('role')).toBe('status');
  // A green tick for the success, a red cross for the error.
  const icon = (text: string) => screen.getByText(text).closest('.alert')?.querySelector('svg');
  expect(icon('Successfully Deleted.')?.getAttribute('class')).toContain('text-success');
  expect(icon('Could not delete.')?.getAttribute('class')).toContain('text-error');

  // Each fades out when its time is up, and is then gone.
  act(() => vi.advanceTimersByTime(toastDurations.success + 1));
  expect(success.closest('.alert')?.className).toContain('opacity-0');
  // On its way out it is no longer announced or in the way.
  expect(success.closest('.alert')?.getAttribute('aria-hidden')).toBe('true');
  expect(screen.getByText('Could not delete.').closest('.alert')?.className).toContain(
    'opacity-100',
  );
  act(() => vi.advanceTimersByTime(toastDurations.error));
  act(() => vi.advanceTimersByTime(1_000));
  expect(screen.queryByText('Successfully Deleted.')).toBeNull();
  expect(screen.queryByText('Could not delete.')).toBeNull();
});

it('holds a toast while the pointer is on it', () => {
  render(<Toaster toastOptions={options} />);
  act(() => {
    toast.success('Saved.');
  });
  fireEvent.mouseEnter(screen.getByText('Saved.'));
  act(() => vi.advanceTimersByTime(toastDurations.success * 3));
  expect(screen.getByText('Saved.').closest('.alert')?.className).toContain('opacity-100');
  fireEvent.mouseLeave(screen.getByText('Saved.'));
  act(() => vi.advanceTimersByTime(toastDurations.success + 1));
  expect(screen.getByText('Saved.').closest('.alert')?.className).toContain('opacity-0');
});

it('lets the timers run again when the toast under the pointer is taken away', () => {
  render(<Toaster toastOptions={options} />);
  act(() => {
    toast.success('Saved.');
  });
  fireEvent.mouseEnter(screen.getByText('Saved.'));
  act(() => toast.remove());
  act(() => {
    toast.success('Saved again.');
  });
  act(() => vi.advanceTimersByTime(toastDurations.success + 1));
  expect(screen.getByText('Saved again.').closest('.alert')?.className).toContain('opacity-0');
});

it('draws no toast when there is nothing to say', () => {
  render(<Toaster toastOptions={options} />);
  expect(screen.queryByRole('status')).toBeNull();
});
