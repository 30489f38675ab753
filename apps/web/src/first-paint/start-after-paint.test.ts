import { afterEach, expect, it, onTestFinished, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** The start script on a drawn page, the app not started yet (no frame is drawn here). */
async function loadStartScript() {
  document.body.innerHTML =
    '<main><details><summary>Filters</summary><p>Memory</p></details><button type="button">Book</button></main>';
  vi.stubGlobal('requestAnimationFrame', () => 0);
  const script = document.createElement('script');
  script.dataset.src = '/app.js';
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
  vi.resetModules();
  // @ts-expect-error: plain JavaScript, loaded by the page's HTML rather than imported.
  await import('./start-after-paint.js');
  Object.defineProperty(document, 'currentScript', { value: null, configurable: true });
}

it('marks a disclosure the visitor taps at the tap itself, before its toggle event comes', async () => {
  await loadStartScript();
  const details = document.querySelector('details') as HTMLDetailsElement;
  expect(details.hasAttribute('data-toggled')).toBe(false);
  // In a browser the toggle event comes a task after the tap, when the app may already
  // have replaced the page; here it is held back so only the tap can mark it.
  const holdToggle = (event: Event) => event.stopImmediatePropagation();
  window.addEventListener('toggle', holdToggle, true);
  onTestFinished(() => window.removeEventListener('toggle', holdToggle, true));

  document.querySelector('summary')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  // At once: the app may replace the page before the toggle event's task runs.
  expect(details.hasAttribute('data-toggled')).toBe(true);
});

it('marks the last drawn button tapped, for the app to tap once it has taken over', async () => {
  await loadStartScript();
  const button = document.querySelector('button') as HTMLButtonElement;
  button.click();
  expect(button.hasAttribute('data-tapped')).toBe(true);
});
