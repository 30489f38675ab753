import { useEffect, useId, useRef, useState } from 'react';
import { messages } from '../../../lib/messages.ts';
import { useIsOwnLaptop } from '../use-own-laptop.ts';

/**
 * The card's '⋮' menu: Ask the seller (not on a sold laptop, as on its page) and Report.
 * The arrow keys move between its items. Closes on Escape (focus back on '⋮'), on a click
 * elsewhere, when focus leaves it, and after a choice. Not shown on one's own laptop:
 * neither item is for its seller.
 */
export function ProductMenu({
  productName,
  sellerId,
  sold = false,
  onAsk,
  onReport,
}: {
  productName: string;
  sellerId?: string | null;
  sold?: boolean;
  onAsk: () => void;
  onReport: () => void;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const ownLaptop = useIsOwnLaptop(sellerId);

  useEffect(() => {
    if (!open) return;
    const items = () => [
      ...(rootRef.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? []),
    ];
    items()[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
      if (step) {
        // From one item to the next (or back), round the ends.
        const all = items();
        const at = all.indexOf(document.activeElement as HTMLElement);
        all[(Math.max(at, 0) + step + all.length) % all.length]?.focus();
        return event.preventDefault();
      }
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    // Tabbing on past the menu closes it, as a click elsewhere does. Watched where focus
    // arrives, not where it leaves: Safari does not focus a clicked button, so a blur
    // would not say where focus went.
    const onFocusIn = (event: FocusEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open]);

  if (ownLaptop) return null;
  const choose = (action: () => void) => () => {
    setOpen(false);
    // This item goes with the menu: the modal a choice opens gives focus back to what
    // had it when it opened, so that is the '⋮' button.
    toggleRef.current?.focus();
    action();
  };
  return (
    <div ref={rootRef} className="relative">
      <button
        ref={toggleRef}
        type="button"
        className="btn btn-ghost btn-sm btn-circle"
        aria-label={`${messages.productCard.options}: ${productName}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
          <circle cx="12" cy="5" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="12" cy="19" r="2" />
        </svg>
      </button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          className="menu absolute right-0 z-10 mt-1 w-44 rounded-box border border-base-300 bg-base-100 p-1 shadow-lg"
        >
          {!sold && (
            <li role="none">
              <button type="button" role="menuitem" onClick={choose(onAsk)}>
                {messages.productCard.askSeller}
              </button>
            </li>
          )}
          <li role="none">
            <button type="button" role="menuitem" onClick={choose(onReport)}>
              {messages.productCard.reportProduct}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
