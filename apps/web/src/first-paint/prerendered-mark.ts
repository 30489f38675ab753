/**
 * An attribute value that only the build's prerender writes (it renders without a
 * document): `data-prerendered={prerenderedMark}` marks an element of the HTML's first
 * paint, which the app's first render replaces and can read beforehand.
 */
export const prerenderedMark = typeof document === 'undefined' ? '' : undefined;
