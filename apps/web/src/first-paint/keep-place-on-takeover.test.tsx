import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { trackPlaceUntilTakeover } from './keep-place-on-takeover.tsx';

// A page the HTML holds is replaced by the app's first render, with the same markup
// (here renderToString's, as the server draws it) but the app's own state.

function FiltersPage({ extraField = false }: { extraField?: boolean }) {
  const [open, setOpen] = useState(false);
  const [location, setLocation] = useState('');
  const [condition, setCondition] = useState('');
  return (
    <main>
      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>Filters</summary>
        <form>
          <input
            aria-label="Location"
            name="location"
            value={location}
            onChange={(event) => setLocation(event.currentTarget.value)}
          />
          <select
            aria-label="Condition"
            name="condition"
            value={condition}
            onChange={(event) => setCondition(event.currentTarget.value)}
          >
            <option value="">Any</option>
            <option value="Good">Good</option>
          </select>
          {extraField && <input aria-label="Extra" />}
        </form>
      </details>
      <output>{JSON.stringify({ open, location, condition })}</output>
    </main>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** The drawn page, as the visitor leaves it before the app runs. */
function drawAndUse() {
  document.body.innerHTML = `<div id="root">${renderToString(<FiltersPage />)}</div>`;
  const details = document.querySelector('details') as HTMLDetailsElement;
  details.open = true;
  details.dataset.toggled = ''; // as the start script marks it (start-after-paint.js)
  const location = document.querySelector('input') as HTMLInputElement;
  location.value = 'Boston';
  (document.querySelector('select') as HTMLSelectElement).value = 'Good';
  location.focus();
}

async function takeOver(page: React.ReactNode) {
  const KeepPlaceOnTakeover = trackPlaceUntilTakeover();
  root = createRoot(document.getElementById('root') as HTMLElement);
  await act(async () =>
    root?.render(
      <>
        {page}
        <KeepPlaceOnTakeover />
      </>,
    ),
  );
  await act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));
}

it('puts back what the visitor typed, chose, opened and focused before the app ran', async () => {
  drawAndUse();
  await takeOver(<FiltersPage />);

  // In the app's state, not only on screen: submitting the form uses them.
  expect(JSON.parse(document.querySelector('output')?.textContent ?? '{}')).toEqual({
    open: true,
    location: 'Boston',
    condition: 'Good',
  });
  const location = document.querySelector('input') as HTMLInputElement;
  expect(location.value).toBe('Boston');
  expect(document.activeElement).toBe(location);
});

it('puts nothing back into a page whose controls are not the ones the visitor used', async () => {
  drawAndUse();
  await takeOver(<FiltersPage extraField />);

  expect(JSON.parse(document.querySelector('output')?.textContent ?? '{}')).toEqual({
    open: false,
    location: '',
    condition: '',
  });
  expect(document.activeElement).toBe(document.body);
});

it('keeps a choice made on the drawn page while the app was drawing its own', async () => {
  document.body.innerHTML = `<div id="root">${renderToString(<FiltersPage />)}</div>`;
  // The app's first render is drawn in slices, and the drawn page still answers in
  // between: here, a choice made after the app had looked at the page, before it
  // replaced it.
  function ChoiceBetweenSlices() {
    const drawnSelect = document.querySelector('select');
    if (drawnSelect) drawnSelect.value = 'Good';
    return null;
  }
  const KeepPlaceOnTakeover = trackPlaceUntilTakeover();
  root = createRoot(document.getElementById('root') as HTMLElement);
  await act(async () =>
    root?.render(
      <>
        <FiltersPage />
        <KeepPlaceOnTakeover />
        <ChoiceBetweenSlices />
      </>,
    ),
  );

  expect(JSON.parse(document.querySelector('output')?.textContent ?? '{}')).toMatchObject({
    condition: 'Good',
  });
});
