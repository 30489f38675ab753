/**
 * Drawing helpers for the seed images: escaped text, stable numbers and colours,
 * SVG snippets, and a minimal 3D model (boxes seen through a perspective camera).
 */

export const FONT = 'DejaVu Sans, Arial, Helvetica, sans-serif';
const DEFAULT_ACCENT = '#1f6feb';

// ---------------------------------------------------------------------------
// Text, numbers and colours

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Largest font size (up to `max`) at which `text` should fit in `width`; glyph width is estimated. */
export function fitFontSize(text: string, width: number, max: number, glyphRatio = 0.66): number {
  const chars = Math.max(1, Array.from(text).length);
  return Math.min(max, width / (chars * glyphRatio));
}

function mod(n: number, m: number): number {
  return ((n % m) + m) % m;
}

export function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

/** Cycles through a non-empty list; any number (even negative or NaN) is a valid index. */
export function cycle<T>(list: readonly [T, ...T[]], index: number): T {
  const i = Number.isFinite(index) ? mod(Math.trunc(index), list.length) : 0;
  return list[i] ?? list[0];
}

/** Short fixed-precision numbers keep the SVG small and the output byte-for-byte stable. */
export function num(n: number): string {
  return String(Math.round(n * 10) / 10);
}

/** FNV-1a: a stable seed from a string. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a tiny seeded PRNG, so "random" details are the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Hsl = { h: number; s: number; l: number };

/** Only well-formed hex is accepted, so the accent can never inject markup into an attribute. */
export function parseAccent(accent: string): Hsl {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(accent.trim());
  const digits = match?.[1] ?? DEFAULT_ACCENT.slice(1);
  const full = digits.length === 3 ? digits.replace(/./g, '$&$&') : digits;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  const h =
    max === r
      ? 60 * mod((g - b) / d, 6)
      : max === g
        ? 60 * ((b - r) / d + 2)
        : 60 * ((r - g) / d + 4);
  return { h, s, l };
}

export function hslToHex({ h, s, l }: Hsl): string {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const hp = mod(h, 360) / 60;
  const x = c * (1 - Math.abs(mod(hp, 2) - 1));
  const [r, g, b] =
    hp < 1
      ? [c, x, 0]
      : hp < 2
        ? [x, c, 0]
        : hp < 3
          ? [0, c, x]
          : hp < 4
            ? [0, x, c]
            : hp < 5
              ? [x, 0, c]
              : [c, 0, x];
  const m = l - c / 2;
  const hex = (v: number) =>
    Math.round(clamp(v + m, 0, 1) * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(r)}${hex(g)}${hex(b)}`;
}

/** A colour in the accent's family: hue shifted by `dh`, with absolute saturation and lightness. */
export function tone(base: Hsl, l: number, s = base.s, dh = 0): string {
  return hslToHex({ h: base.h + dh, s: clamp(s, 0, 1), l: clamp(l, 0, 1) });
}

export function linearGradient(
  id: string,
  stops: readonly string[],
  [x1, y1, x2, y2] = [0, 0, 0, 1],
): string {
  const step = stops.length > 1 ? 1 / (stops.length - 1) : 0;
  const body = stops
    .map((stop, i) => {
      const [color, opacity = '1'] = stop.split('/');
      return `<stop offset="${num(i * step)}" stop-color="${color}" stop-opacity="${opacity}"/>`;
    })
    .join('');
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${body}</linearGradient>`;
}

/** Blurs are the slowest thing to rasterise, so each caller sets a filter region just big enough. */
export function blurFilter(id: string, deviation: number, margin = 0.5): string {
  const [start, size] = [`${-margin * 100}%`, `${100 + margin * 200}%`];
  return `<filter id="${id}" x="${start}" y="${start}" width="${size}" height="${size}"><feGaussianBlur stdDeviation="${deviation}"/></filter>`;
}

/** A colour fading out to transparent from the centre: a cheap stand-in for a large blur. */
export function radialGlow(id: string, colour: string, opacity = 1): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`;
}

export function svgDocument(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

// ---------------------------------------------------------------------------
// Minimal 3D: vectors, a perspective camera and boxes

export type Vec3 = readonly [number, number, number];
export type Point = readonly [number, number];

export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const scale = (a: Vec3, k: number): Vec3 => [a[0] * k, a[1] * k, a[2] * k];
export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const normalize = (a: Vec3): Vec3 => scale(a, 1 / Math.hypot(...a));
export const radians = (deg: number) => (deg * Math.PI) / 180;

function rotateY([x, y, z]: Vec3, angle: number): Vec3 {
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  return [x * c + z * s, y, -x * s + z * c];
}

function rotateX([x, y, z]: Vec3, angle: number): Vec3 {
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  return [x, y * c - z * s, y * s + z * c];
}

export type Pose = { yaw: number; pitch: number; open: number };

export type Camera = { project: (p: Vec3) => Point; position: Vec3 };

// Camera distance in model units (the base is 320 wide): far enough for a gentle, lens-like perspective.
const CAMERA_DISTANCE = 1500;

/** A camera that frames `subject` (a set of 3D points) inside the given 2D box. */
export function makeCamera(
  pose: Pose,
  subject: readonly Vec3[],
  frame: { x: number; y: number; w: number; h: number },
): Camera {
  const [yaw, pitch] = [radians(pose.yaw), radians(pose.pitch)];
  const raw = (p: Vec3): Point => {
    const [x, y, z] = rotateX(rotateY(p, yaw), pitch);
    const k = CAMERA_DISTANCE / (CAMERA_DISTANCE - z);
    return [x * k, -y * k];
  };
  const projected = subject.map(raw);
  const xs = projected.map((p) => p[0]);
  const ys = projected.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [
    Math.min(...xs),
    Math.max(...xs),
    Math.min(...ys),
    Math.max(...ys),
  ];
  const k = Math.min(frame.w / (maxX - minX), frame.h / (maxY - minY));
  const [cx, cy] = [frame.x + frame.w / 2, frame.y + frame.h / 2];
  return {
    project: (p) => {
      const [x, y] = raw(p);
      return [cx + (x - (minX + maxX) / 2) * k, cy + (y - (minY + maxY) / 2) * k];
    },
    // Undo the view rotation to find where the camera sits in model space (used for back-face culling).
    position: rotateY(rotateX([0, 0, CAMERA_DISTANCE], -pitch), -yaw),
  };
}

export type Face = { corners: readonly Vec3[]; normal: Vec3 };
export type BoxFaces = Record<'-a' | '+a' | '-b' | '+b' | '-c' | '+c', Face>;

/** The six faces of the box spanned by edges a, b, c from corner o (edges must be perpendicular). */
export function boxFaces(o: Vec3, a: Vec3, b: Vec3, c: Vec3): BoxFaces {
  const quad = (p: Vec3, e1: Vec3, e2: Vec3): Vec3[] => [
    p,
    add(p, e1),
    add(add(p, e1), e2),
    add(p, e2),
  ];
  return {
    '-a': { corners: quad(o, b, c), normal: normalize(scale(a, -1)) },
    '+a': { corners: quad(add(o, a), b, c), normal: normalize(a) },
    '-b': { corners: quad(o, a, c), normal: normalize(scale(b, -1)) },
    '+b': { corners: quad(add(o, b), a, c), normal: normalize(b) },
    '-c': { corners: quad(o, a, b), normal: normalize(scale(c, -1)) },
    '+c': { corners: quad(add(o, c), a, b), normal: normalize(c) },
  };
}

export function centroid(points: readonly Vec3[]): Vec3 {
  return scale(points.reduce(add, [0, 0, 0]), 1 / points.length);
}

export function facesCamera(face: Face, camera: Camera): boolean {
  return dot(face.normal, sub(camera.position, centroid(face.corners))) > 0;
}

export function polygon(camera: Camera, corners: readonly Vec3[], attrs: string): string {
  const points = corners.map((p) => camera.project(p).map(num).join(',')).join(' ');
  return `<polygon points="${points}" ${attrs}/>`;
}

/** A flat 2D drawing surface in 3D: point (x, y) sits at origin + x·u + y·v. */
export type Plane = { origin: Vec3; u: Vec3; v: Vec3 };

export function onPlane(plane: Plane, x: number, y: number): Vec3 {
  return add(plane.origin, add(scale(plane.u, x), scale(plane.v, y)));
}

/** Rectangles are projected corner by corner, so outlines stay exact under perspective. */
export type RectPainter = (x: number, y: number, w: number, h: number, attrs: string) => string;

export function rectPainter(camera: Camera, plane: Plane): RectPainter {
  return (x, y, w, h, attrs) =>
    polygon(
      camera,
      [
        onPlane(plane, x, y),
        onPlane(plane, x + w, y),
        onPlane(plane, x + w, y + h),
        onPlane(plane, x, y + h),
      ],
      attrs,
    );
}

/**
 * An SVG matrix that maps plane coordinates to the image: the affine
 * approximation of the perspective around (cx, cy). Only used for free-form
 * artwork (wallpaper, text) that is small or clipped to an exact outline.
 */
export function planeMatrix(
  camera: Camera,
  plane: Plane,
  cx: number,
  cy: number,
  span: number,
): string {
  const at = (x: number, y: number) => camera.project(onPlane(plane, x, y));
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = [
    at(cx - span, cy),
    at(cx + span, cy),
    at(cx, cy - span),
    at(cx, cy + span),
  ];
  const [a, b, c, d] = [
    (x1 - x0) / (2 * span),
    (y1 - y0) / (2 * span),
    (x3 - x2) / (2 * span),
    (y3 - y2) / (2 * span),
  ];
  const [ox, oy] = at(cx, cy);
  const m = [a, b, c, d, ox - a * cx - c * cy, oy - b * cx - d * cy];
  return `matrix(${m.map((n) => n.toFixed(4)).join(' ')})`;
}
