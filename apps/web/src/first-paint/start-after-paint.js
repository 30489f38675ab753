// Starts the web app after the browser has drawn the page its HTML already holds
// (the build writes each page's first paint into it: scripts/write-first-paint.mjs). The
// app's script, a few hundred KB, would otherwise run first on a fast connection and
// hold that paint back. It runs on the task after the first frame; a tab that is or
// goes hidden gets no frames, so there it runs at once.
//   data-src      the app's entry module
//   data-preload  modules to fetch only now, all at once: on Home, whose first paint
//                 is complete without them, they would share a slow connection with
//                 the stylesheet and the banner (the server speaks HTTP/1.1, which
//                 does not prioritise). Other pages modulepreload them from the head.
// Plain JavaScript, copied as it is (with a hash in its name) and written into the
// HTML by vite.config.ts (scriptsAfterFirstPaint); Home's data-preload by write-first-paint.mjs.
(function startAfterPaint() {
  const { src, preload = '' } = document.currentScript.dataset;
  const drawn = document.querySelector('main');
  document.addEventListener('click', (event) => {
    // A disclosure's summary tapped is marked at once (see markToggled below): its
    // toggle event comes a task later, when the app may have replaced the page.
    const summary = event.target.closest?.('summary');
    if (summary?.parentElement instanceof HTMLDetailsElement && drawn?.contains(summary)) {
      summary.parentElement.dataset.toggled = '';
    }
    const button = event.target.closest?.('button');
    if (!button) return;
    // A tap on the page's phone-menu button before the app runs is kept: the button
    // says it is expanded, and the app opens its menu (app/layouts/navbar.tsx).
    if (button.hasAttribute('data-prerendered-toggle')) {
      const expanded = button.getAttribute('aria-expanded') === 'true';
      button.setAttribute('aria-expanded', String(!expanded));
      return;
    }
    // The last tap on a drawn button of the main area (Book, Report, a card's menu),
    // which does nothing until the app runs, is marked: the app taps its own button
    // once it has taken over (keep-place-on-takeover.tsx). Submit buttons are left
    // alone: the browser submits their form itself.
    if (button.type === 'button' && drawn?.isConnected && drawn.contains(button)) {
      drawn.querySelector('[data-tapped]')?.removeAttribute('data-tapped');
      button.dataset.tapped = '';
    }
  });
  // A disclosure opened or closed on the page before the app takes it over is marked,
  // so the app opens or closes its own the same (keep-place-on-takeover.tsx): its
  // markup no longer says how it was drawn. Once the app's page has replaced this one,
  // the listener goes.
  const markToggled = (event) => {
    if (!drawn?.isConnected) document.removeEventListener('toggle', markToggled, true);
    else if (event.target instanceof HTMLDetailsElement) event.target.dataset.toggled = '';
  };
  document.addEventListener('toggle', markToggled, true);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preload.split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    // The prerendered page stays usable (links, the search form) if this fails.
    import(src).catch((error) => console.error('The app could not start:', error));
  };
  if (document.visibilityState === 'hidden') start();
  else {
    requestAnimationFrame(() => setTimeout(start, 0));
    document.addEventListener('visibilitychange', start, { once: true });
  }
})();
