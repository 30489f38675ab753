// Starts the web app after the browser has drawn the page its HTML already holds
// (the build writes each page's first paint into it: scripts/prerender.mjs). The
// app's script, a few hundred KB, would otherwise run first on a fast connection and
// hold that paint back. The HTML modulepreloads the script, so it is fetched and
// compiled meanwhile; this only decides when it runs: on the task after the first
// frame. A tab opened in the background gets no frames, so there it runs at once.
// Written by vite.config.ts (scriptsAfterFirstPaint) as
//   <script defer src="/start-after-paint.js" data-src="/assets/index-….js"></script>
(function startAfterPaint() {
  const src = document.currentScript.dataset.src;
  const start = () => import(src);
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
})();
