import { useEffect, useId, useState } from 'react';
import { orderPageMessages as t } from '../order-page-messages.ts';

const items = t.checklist.items;

/** Where an order's ticks are kept on this device. */
export const checklistStorageKey = (orderId: string) => `laptops:handover-checklist:${orderId}`;

/** The ticks kept for this order; none when storage is off (private mode) or holds junk. */
function readTicks(orderId: string): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(checklistStorageKey(orderId)) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id) => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function writeTicks(orderId: string, ticks: string[]) {
  try {
    localStorage.setItem(checklistStorageKey(orderId), JSON.stringify(ticks));
  } catch {
    // Storage full or off: the ticks last as long as the page.
  }
}

/**
 * What the buyer checks at the meeting before showing their code, as checkboxes big
 * enough for a thumb. The ticks are kept per order on this device, so a reload, or
 * coming back to the page at the meeting, keeps them.
 */
export function MeetingChecklist({ orderId }: { orderId: string }) {
  const [ticked, setTicked] = useState<string[]>(() => readTicks(orderId));
  const progressId = useId();
  useEffect(() => writeTicks(orderId, ticked), [orderId, ticked]);

  const toggle = (id: string, on: boolean) =>
    setTicked((now) =>
      on ? [...now.filter((tick) => tick !== id), id] : now.filter((tick) => tick !== id),
    );
  const done = items.filter((item) => ticked.includes(item.id)).length;

  return (
    <fieldset
      aria-describedby={progressId}
      className="min-w-0 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm"
    >
      <legend className="float-left mb-1 w-full text-lg font-semibold">{t.checklist.legend}</legend>
      <p className="clear-both text-sm text-base-content/75">{t.checklist.intro}</p>
      <ul className="mt-3 divide-y divide-base-200">
        {items.map((item) => {
          // The whole row is the click target; the name is the check alone, its hint
          // the description.
          const nameId = `${progressId}-${item.id}`;
          const hintId = `${nameId}-hint`;
          return (
            <li key={item.id}>
              <label className="flex cursor-pointer items-start gap-3 py-3">
                <input
                  type="checkbox"
                  className="checkbox checkbox-success mt-0.5 shrink-0"
                  checked={ticked.includes(item.id)}
                  onChange={(event) => toggle(item.id, event.target.checked)}
                  aria-labelledby={nameId}
                  aria-describedby={hintId}
                />
                <span className="min-w-0">
                  <span id={nameId} className="block font-medium">
                    {item.label}
                  </span>
                  <span id={hintId} className="block text-sm text-base-content/75">
                    {item.hint}
                  </span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      <p id={progressId} aria-live="polite" className="mt-2 text-sm font-medium">
        {done === items.length ? t.checklist.allDone : t.checklist.progress(done, items.length)}
      </p>
    </fieldset>
  );
}
