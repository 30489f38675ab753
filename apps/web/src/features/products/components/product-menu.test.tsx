import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ProductMenu } from './product-menu.tsx';

function renderMenu(onReport = vi.fn(), onAsk = vi.fn()) {
  render(
    <>
      <ProductMenu productName="ThinkPad X1" onReport={onReport} onAsk={onAsk} />
      <button type="button">Book</button>
    </>,
  );
  return {
    onReport,
    onAsk,
    toggle: screen.getByRole('button', { name: 'More options: ThinkPad X1' }),
  };
}

describe("a card's ⋮ menu, by keyboard", () => {
  it('opens on its first item and closes on Escape, with focus back on ⋮', async () => {
    const user = userEvent.setup();
    const { toggle } = renderMenu();
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Ask the seller' }));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('moves between its items with the arrow keys, round the ends', async () => {
    const user = userEvent.setup();
    const { toggle } = renderMenu();
    const ask = () => screen.getByRole('menuitem', { name: 'Ask the seller' });
    const report = () => screen.getByRole('menuitem', { name: 'Report this laptop' });
    toggle.focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(report());
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(ask());
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(report());
  });

  it('closes when focus moves on past it', async () => {
    const user = userEvent.setup();
    const { toggle } = renderMenu();
    toggle.focus();
    await user.keyboard('{Enter}');
    await user.tab();
    await user.tab();

    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Book' }));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it("gives focus to ⋮ before opening the choice's modal, which gives it back there on closing", async () => {
    const user = userEvent.setup();
    let focusedWhenChosen: Element | null = null;
    const { toggle } = renderMenu(
      vi.fn(() => {
        focusedWhenChosen = document.activeElement;
      }),
    );
    toggle.focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');

    expect(focusedWhenChosen).toBe(toggle);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
