import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checklistStorageKey, MeetingChecklist } from './meeting-checklist.tsx';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

const group = () =>
  screen.getByRole('group', { name: 'Check the laptop before you show the code' });

describe('MeetingChecklist', () => {
  it('is a named group of the checks, with a hint on each and the count', () => {
    render(<MeetingChecklist orderId="o1" />);
    const names = [
      'It powers on and starts up to the desktop',
      'No firmware (BIOS) password',
      'No Activation Lock and no device management (MDM)',
      "Signed out of the owner's accounts",
      'Battery health as listed',
      'Every key of the keyboard works',
      'Ports and charger work',
      'Screen without dead pixels or cracks',
    ];
    const boxes = within(group()).getAllByRole('checkbox');
    expect(boxes).toEqual(names.map((name) => within(group()).getByRole('checkbox', { name })));
    const boots = screen.getByRole('checkbox', {
      name: 'It powers on and starts up to the desktop',
    });
    expect(boots.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('0 of 8 checked')).toBeTruthy();
  });

  it('remembers the ticks of each order on this device', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<MeetingChecklist orderId="o1" />);
    await user.click(screen.getByRole('checkbox', { name: 'Battery health as listed' }));
    await user.click(screen.getByRole('checkbox', { name: 'Ports and charger work' }));
    expect(screen.getByText('2 of 8 checked')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(checklistStorageKey('o1')) ?? '[]')).toEqual([
      'battery',
      'ports',
    ]);
    unmount();

    // Back on the page (a reload at the meeting): the same ticks.
    const again = render(<MeetingChecklist orderId="o1" />);
    expect(
      (screen.getByRole('checkbox', { name: 'Battery health as listed' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Battery health as listed' }));
    expect(screen.getByText('1 of 8 checked')).toBeTruthy();
    again.unmount();

    // Another order starts with none.
    render(<MeetingChecklist orderId="o2" />);
    expect(screen.getByText('0 of 8 checked')).toBeTruthy();
  });

  it('says when everything is checked', async () => {
    const user = userEvent.setup();
    render(<MeetingChecklist orderId="o1" />);
    for (const box of within(group()).getAllByRole('checkbox')) await user.click(box);
    expect(
      screen.getByText('All checked. If you are happy with the laptop, show the seller your code.'),
    ).toBeTruthy();
  });

  it('starts empty from junk in storage, and still works when storage refuses writes', async () => {
    localStorage.setItem(checklistStorageKey('o1'), '{not json');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const user = userEvent.setup();
    render(<MeetingChecklist orderId="o1" />);
    expect(screen.getByText('0 of 8 checked')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Ports and charger work' }));
    expect(screen.getByText('1 of 8 checked')).toBeTruthy();
  });
});
