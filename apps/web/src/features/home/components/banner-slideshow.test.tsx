import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { BannerSlideshow, SLIDE_INTERVAL_MS, slides } from './banner-slideshow.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const activeIndex = () =>
  screen
    .getAllByRole('group', { hidden: true })
    .findIndex((slide) => slide.dataset.active === 'true');

it('has 4 banners and moves to the next every 6000 ms', () => {
  render(<BannerSlideshow />);
  expect(slides).toHaveLength(4);
  expect(activeIndex()).toBe(0);
  act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS - 1));
  expect(activeIndex()).toBe(0);
  act(() => vi.advanceTimersByTime(1));
  expect(activeIndex()).toBe(1);
  act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 3));
  expect(activeIndex()).toBe(0);
});

it('keeps playing after the visitor picks a slide', () => {
  render(<BannerSlideshow />);
  fireEvent.click(screen.getByRole('button', { name: 'Show slide 3' }));
  expect(activeIndex()).toBe(2);
  act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS));
  expect(activeIndex()).toBe(3);
  fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
  expect(activeIndex()).toBe(2);
  act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS));
  expect(activeIndex()).toBe(3);
});

it('stops only when the pause button is pressed', () => {
  render(<BannerSlideshow />);
  fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
  act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 2));
  expect(activeIndex()).toBe(0);
  fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
  act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS));
  expect(activeIndex()).toBe(1);
});
