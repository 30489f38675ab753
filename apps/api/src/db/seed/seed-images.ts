/**
 * Demo images for the seed data, drawn in code so seeding needs no network:
 * each image is an SVG string rasterised to WebP with sharp.
 *
 * The laptop is modelled as two boxes (base and lid) in 3D and projected with a
 * simple perspective camera (seed-drawing.ts), so each pose gets believable
 * geometry and shading without hand-tuned coordinates per angle. The cover is
 * drawn here; a listing's other photos in seed-laptop-views.ts.
 */
import sharp from 'sharp';
import {
  FONT,
  add,
  blurFilter,
  boxFaces,
  centroid,
  clamp,
  cycle,
  dot,
  escapeXml,
  facesCamera,
  fitFontSize,
  hashString,
  hslToHex,
  linearGradient,
  makeCamera,
  normalize,
  num,
  onPlane,
  parseAccent,
  planeMatrix,
  polygon,
  radialGlow,
  radians,
  rectPainter,
  scale,
  seededRandom,
  svgDocument,
  tone,
  type BoxFaces,
  type Camera,
  type Hsl,
  type Plane,
  type Point,
  type Pose,
  type RectPainter,
  type Vec3,
} from './seed-drawing.ts';

export type LaptopImageInput = {
  brand: string;
  /** Seeds the small random details of the wallpaper. */
  model: string;
  /** Hex colour such as '#1f6feb'. */
  accent: string;
  /** Any integer: picks the pose, body colour and wallpaper. */
  variant: number;
};

// ---------------------------------------------------------------------------
// Laptop model

export const BASE = { w: 320, d: 220, h: 11 };
export const LID = { h: 212, t: 5 };
const DISPLAY = { w: 300, h: 187, top: 9 }; // 16:10 panel, measured from the lid's top edge
// Light from the upper left, slightly in front: sets how bright each face is.
const LIGHT = normalize([-0.45, 0.85, 0.45]);

const POSES: readonly [Pose, ...Pose[]] = [
  { yaw: -30, pitch: 17, open: 106 },
  { yaw: 0, pitch: 22, open: 102 },
  { yaw: 28, pitch: 21, open: 112 },
  { yaw: -14, pitch: 28, open: 118 },
];

export type Body = { colour: Hsl; keys: string; wordmark: string };

// Silver, space grey, black, blue and sand finishes.
export const BODIES: readonly [Body, ...Body[]] = [
  { colour: { h: 220, s: 0.08, l: 0.84 }, keys: '#1e2127', wordmark: '#c4c8cf' },
  { colour: { h: 220, s: 0.06, l: 0.5 }, keys: '#17191d', wordmark: '#9aa0a8' },
  { colour: { h: 225, s: 0.08, l: 0.24 }, keys: '#0e0f12', wordmark: '#8c929c' },
  { colour: { h: 212, s: 0.32, l: 0.5 }, keys: '#15202e', wordmark: '#a9bfd8' },
  { colour: { h: 36, s: 0.22, l: 0.76 }, keys: '#2a241d', wordmark: '#cdbfa9' },
];

/** Lambert-style shading: faces turned away from the light get darker than the body colour. */
export function shade(body: Hsl, normal: Vec3): string {
  const facing = dot(normal, LIGHT);
  return hslToHex({ ...body, l: clamp(body.l + (facing - 0.8) * 0.2, 0.06, 0.96) });
}

export type Geometry = { base: BoxFaces; lid: BoxFaces; lidUp: Vec3 };

export function laptopGeometry(open: number): Geometry {
  const angle = radians(open);
  // The lid swings about the back edge of the base: `lidUp` runs along the lid, `lidFront` is the screen normal.
  const lidUp: Vec3 = [0, Math.sin(angle), Math.cos(angle)];
  const lidFront: Vec3 = [0, -Math.cos(angle), Math.sin(angle)];
  const hinge: Vec3 = [0, BASE.h, -BASE.d / 2 + LID.t];
  const base = boxFaces(
    [-BASE.w / 2, 0, -BASE.d / 2],
    [BASE.w, 0, 0],
    [0, BASE.h, 0],
    [0, 0, BASE.d],
  );
  const lidCorner = add(add(hinge, [-BASE.w / 2, 0, 0]), scale(lidFront, -LID.t));
  const lid = boxFaces(lidCorner, [BASE.w, 0, 0], scale(lidUp, LID.h), scale(lidFront, LID.t));
  return { base, lid, lidUp };
}

export function allCorners(box: BoxFaces): Vec3[] {
  return [...box['-a'].corners, ...box['+a'].corners];
}

const ones = (count: number): number[] => Array.from({ length: count }, () => 1);

/** Key widths per row in key units; each row is stretched to the keyboard width. */
const KEY_ROWS: readonly (readonly number[])[] = [
  ones(14),
  [...ones(13), 1.6],
  [1.5, ...ones(12), 1.1],
  [1.8, ...ones(11), 1.8],
  [2.3, ...ones(10), 2.3],
  [1, 1, 1, 1.3, 5.6, 1.3, 1, 3],
];

/** Keyboard and trackpad in deck coordinates (x right, y towards the viewer, origin mid-deck). */
function deckDetails(rect: RectPainter, body: Body): string {
  const keyboard = { x: -136, y: -98, w: 272, gap: 2.6 };
  let y = keyboard.y;
  const keys = KEY_ROWS.map((row, r) => {
    const height = r === 0 ? 9 : 15;
    const unit = (keyboard.w - keyboard.gap * (row.length - 1)) / row.reduce((a, b) => a + b, 0);
    let x = keyboard.x;
    const rects = row.map((width) => {
      const key = rect(x, y, width * unit, height, '');
      x += width * unit + keyboard.gap;
      return key;
    });
    y += height + keyboard.gap;
    return rects.join('');
  }).join('');
  return (
    rect(-140, -102, 280, y - keyboard.y + 6.5, 'fill="#000" opacity="0.07"') +
    // A same-colour stroke with round joins softens the key corners.
    `<g fill="${body.keys}" stroke="${body.keys}" stroke-width="1.2" stroke-linejoin="round">${keys}</g>` +
    rect(
      -64,
      24,
      128,
      74,
      'fill="#000" opacity="0.06" stroke="#fff" stroke-opacity="0.3" stroke-width="1" stroke-linejoin="round"',
    )
  );
}

// ---------------------------------------------------------------------------
// Wallpapers, drawn in display coordinates (0..W by 0..H)

type Wallpaper = (accent: Hsl, random: () => number) => string;

const W = DISPLAY.w;
const H = DISPLAY.h;
// Wallpaper art overflows the panel a little: its affine placement is approximate, the clip is exact.
const BLEED = 12;

function backdrop(fill: string): string {
  return `<rect x="${-BLEED}" y="${-BLEED}" width="${W + 2 * BLEED}" height="${H + 2 * BLEED}" fill="${fill}"/>`;
}

/** A smooth horizontal wave filled down to the bottom of the display. */
function wavePath(baseY: number, amplitude: number, phase: number, wavelength: number): string {
  const points: string[] = [];
  for (let x = -BLEED; x < W + BLEED + 10; x += 10) {
    const y = baseY + amplitude * Math.sin((x / wavelength) * 2 * Math.PI + phase);
    points.push(`${num(x)},${num(y)}`);
  }
  return `M${points.join(' L')} V${H + BLEED} H${-BLEED} Z`;
}

const waves: Wallpaper = (accent, random) => {
  const layers = [0, 1, 2, 3, 4].map((i) => {
    const fill = tone(accent, 0.3 + i * 0.1, 0.75, i * 14 - 20);
    const path = wavePath(70 + i * 24, 10 + random() * 10, random() * 6, 160 + random() * 120);
    return `<path d="${path}" fill="${fill}" opacity="${num(0.55 + i * 0.1)}"/>`;
  });
  return (
    `<defs>${linearGradient('wp-bg', [tone(accent, 0.82, 0.7, 30), tone(accent, 0.55, 0.8, -10)])}</defs>` +
    `${backdrop('url(#wp-bg)')}${layers.join('')}`
  );
};

const mesh: Wallpaper = (accent, random) => {
  // Large soft blobs of neighbouring hues read as a "mesh gradient".
  const blobs = [0, 35, -40, -80].map((dh, i) => {
    const cx = (0.15 + random() * 0.7) * W;
    const cy = (0.15 + random() * 0.7) * H;
    const r = 110 + random() * 60;
    return (
      `<defs>${radialGlow(`wp-blob-${i}`, tone(accent, 0.6 - i * 0.04, 0.85, dh))}</defs>` +
      `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}" fill="url(#wp-blob-${i})"/>`
    );
  });
  return backdrop(tone(accent, 0.22, 0.6)) + blobs.join('');
};

const circles: Wallpaper = (accent, random) => {
  const cx = W * (0.6 + random() * 0.2);
  const cy = H * (0.45 + random() * 0.2);
  const rings = [150, 118, 90, 66, 44, 25].map(
    (r, i) =>
      `<circle cx="${num(cx)}" cy="${num(cy)}" r="${r}" fill="${tone(accent, 0.2 + i * 0.09, 0.7, i * 8)}"/>`,
  );
  const bubbles = [0, 1, 2, 3, 4].map(() => {
    const r = 4 + random() * 12;
    return `<circle cx="${num(random() * W)}" cy="${num(random() * H)}" r="${num(r)}" fill="#fff" opacity="${num(0.1 + random() * 0.15)}"/>`;
  });
  return `${backdrop(tone(accent, 0.14, 0.6))}${rings.join('')}${bubbles.join('')}`;
};

const aurora: Wallpaper = (accent, random) => {
  const ribbons = [0, 1, 2].map((i) => {
    const y = 50 + i * 38 + random() * 12;
    const d = `M-20,${num(y + 40)} C${num(W * 0.3)},${num(y - 60)} ${num(W * 0.6)},${num(y + 70)} ${W + 20},${num(y - 20)}`;
    const colour = tone(accent, 0.62, 0.9, 60 - i * 50);
    return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${24 - i * 5}" stroke-linecap="round" opacity="0.85"/>`;
  });
  return (
    `<defs>${blurFilter('wp-glow', 9, 0.1)}${linearGradient('wp-sky', [tone(accent, 0.09, 0.5, 20), tone(accent, 0.22, 0.6, -15)])}</defs>` +
    `${backdrop('url(#wp-sky)')}<g filter="url(#wp-glow)">${ribbons.join('')}</g>`
  );
};

const lowPoly: Wallpaper = (accent, random) => {
  const [cols, rows] = [8, 5];
  // A jittered grid of points, split into triangles shaded along the diagonal.
  const grid = Array.from({ length: rows + 1 }, (_, r) =>
    Array.from({ length: cols + 1 }, (_, c): Point => {
      const jitter = (edge: boolean) => (edge ? 0 : (random() - 0.5) * 22);
      const [x, y] = [-BLEED + (c / cols) * (W + 2 * BLEED), -BLEED + (r / rows) * (H + 2 * BLEED)];
      return [x + jitter(c === 0 || c === cols), y + jitter(r === 0 || r === rows)];
    }),
  );
  const at = (r: number, c: number): Point => grid[r]?.[c] ?? [0, 0];
  const triangles: string[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const quad = [at(r, c), at(r, c + 1), at(r + 1, c + 1), at(r + 1, c)] as const;
      for (const tri of [
        [quad[0], quad[1], quad[2]],
        [quad[0], quad[2], quad[3]],
      ]) {
        const light = 0.28 + ((c + r) / (cols + rows)) * 0.35 + random() * 0.06;
        const points = tri.map((p) => p.map(num).join(',')).join(' ');
        const fill = tone(accent, light, 0.7, c * 4);
        triangles.push(`<polygon points="${points}" fill="${fill}" stroke="${fill}"/>`);
      }
    }
  }
  // Same-colour strokes hide hairline seams between anti-aliased triangles.
  return `<g stroke-width="0.6" stroke-linejoin="round">${triangles.join('')}</g>`;
};

const WALLPAPERS: readonly [Wallpaper, ...Wallpaper[]] = [waves, mesh, circles, aurora, lowPoly];

/** Menu bar and dock make the panel read as a running screen rather than a coloured card. */
function desktopChrome(rect: RectPainter): string {
  // Fixed, saturated app colours stand out on the frosted dock whatever the wallpaper.
  const icons = ['#ff5f57', '#febc2e', '#28c840', '#0a84ff', '#bf5af2', '#ff9f0a'].map(
    (colour, i) =>
      rect(W / 2 - 46 + i * 16, H - 14.5, 10, 10, `fill="${colour}" stroke="${colour}"`),
  );
  return (
    rect(0, 0, W, 6, 'fill="#fff" opacity="0.22"') +
    rect(W / 2 - 52, H - 18, 104, 17, 'fill="#fff" opacity="0.45"') +
    `<g stroke-width="1.5" stroke-linejoin="round">${icons.join('')}</g>`
  );
}

// ---------------------------------------------------------------------------
// Laptop image

export function studioBackground(accent: Hsl, width: number, height: number): string {
  return (
    `<defs>${linearGradient('bg', [tone(accent, 0.97, 0.35), tone(accent, 0.86, 0.22)])}` +
    `<radialGradient id="bg-light" cx="0.5" cy="0.42" r="0.6"><stop offset="0" stop-color="#fff" stop-opacity="0.85"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `${radialGlow('glow-a', tone(accent, 0.7, 0.8, -20), 0.35)}${radialGlow('glow-b', tone(accent, 0.75, 0.7, 35), 0.35)}</defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    // Out-of-focus accent glows behind the subject, like coloured studio lights.
    `<circle cx="170" cy="150" r="220" fill="url(#glow-a)"/><circle cx="650" cy="200" r="200" fill="url(#glow-b)"/>` +
    `<rect width="${width}" height="${height}" fill="url(#bg-light)"/>`
  );
}

/** A wide, soft shadow under the whole footprint plus a tight contact shadow along its edges. */
export function shadows(camera: Camera, geometry: Geometry): string {
  const footprint = geometry.base['-b'].corners;
  const points = footprint.map(camera.project);
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [
    Math.min(...xs),
    Math.max(...xs),
    Math.min(...ys),
    Math.max(...ys),
  ];
  return (
    `<defs>${radialGlow('shadow-soft', '#1b1f29', 0.4)}${blurFilter('shadow-tight', 3, 0.1)}</defs>` +
    `<ellipse cx="${num((minX + maxX) / 2)}" cy="${num((minY + maxY) / 2 + 14)}" rx="${num((maxX - minX) * 0.62)}" ry="${num((maxY - minY) * 0.75 + 20)}" fill="url(#shadow-soft)"/>` +
    polygon(camera, footprint, 'fill="#11141a" opacity="0.45" filter="url(#shadow-tight)"')
  );
}

export function laptopBase(camera: Camera, geometry: Geometry, body: Body): string {
  const { base } = geometry;
  const sides = (['-a', '+a', '-c', '+c'] as const)
    .map((key) => base[key])
    .filter((face) => facesCamera(face, camera))
    .map((face) => polygon(camera, face.corners, `fill="${shade(body.colour, face.normal)}"`));
  const top = base['+b'];
  const deck: Plane = { origin: centroid(top.corners), u: [1, 0, 0], v: [0, 0, 1] };
  return (
    `<defs>${linearGradient('sheen', ['#fff/0.22', '#fff/0'], [0, 0, 0.4, 1])}</defs>` +
    `<g stroke-linejoin="round">${sides.join('')}</g>` +
    polygon(camera, top.corners, `fill="${shade(body.colour, top.normal)}"`) +
    polygon(camera, top.corners, 'fill="url(#sheen)"') +
    deckDetails(rectPainter(camera, deck), body)
  );
}

export function laptopLid(
  camera: Camera,
  geometry: Geometry,
  input: LaptopImageInput,
  body: Body,
  accent: Hsl,
): string {
  const { lid, lidUp } = geometry;
  const edges = (['-a', '+a', '+b'] as const)
    .map((key) => lid[key])
    .filter((face) => facesCamera(face, camera))
    .map((face) => polygon(camera, face.corners, `fill="${shade(body.colour, face.normal)}"`));
  const front = lid['+c'];
  if (!facesCamera(front, camera)) return edges.join('');

  // Lid coordinates: origin at the centre of the screen face, x right, y down towards the hinge.
  const face: Plane = { origin: centroid(front.corners), u: [1, 0, 0], v: scale(lidUp, -1) };
  const [halfW, halfH] = [BASE.w / 2, LID.h / 2];
  const panel: Plane = { ...face, origin: onPlane(face, -W / 2, -halfH + DISPLAY.top) };
  const onFace = rectPainter(camera, face);
  const onPanel = rectPainter(camera, panel);
  const [lensX, lensY] = camera.project(onPlane(face, 0, -halfH + DISPLAY.top / 2));

  const chinCentre = (DISPLAY.top + H + LID.h) / 2 - halfH;
  const brand = input.brand.trim();
  const wordmarkSize = fitFontSize(brand, 90, 7.5, 0.72);
  const random = seededRandom(hashString(`${input.brand}|${input.model}|${input.variant}`));
  // Step the wallpaper on each full cycle so it does not always pair with the same body colour.
  const wallpaper = cycle(
    WALLPAPERS,
    input.variant + Math.floor(input.variant / WALLPAPERS.length),
  );

  return (
    edges.join('') +
    polygon(camera, front.corners, `fill="${shade(body.colour, front.normal)}"`) +
    // Black glass bezel, inset slightly so a sliver of the body shows around it.
    onFace(
      -halfW + 2.5,
      -halfH + 2.5,
      BASE.w - 5,
      LID.h - 5,
      'fill="#0b0d11" stroke="#0b0d11" stroke-width="3" stroke-linejoin="round"',
    ) +
    `<circle cx="${num(lensX)}" cy="${num(lensY)}" r="1.6" fill="#2a2f3a"/>` +
    `<defs>${linearGradient('glare', ['#fff/0.16', '#fff/0'], [0, 0, 0.6, 1])}` +
    `<clipPath id="display">${onPanel(0, 0, W, H, '')}</clipPath></defs>` +
    `<g clip-path="url(#display)">` +
    `<g transform="${planeMatrix(camera, panel, W / 2, H / 2, W / 2)}">${wallpaper(accent, random)}</g>` +
    desktopChrome(onPanel) +
    onPanel(0, 0, W, H, 'fill="url(#glare)"') +
    `</g>` +
    `<g transform="${planeMatrix(camera, face, 0, chinCentre, 40)}">` +
    `<text x="0" y="${num(chinCentre + wordmarkSize * 0.36)}" text-anchor="middle" font-family="${FONT}" font-size="${num(wordmarkSize)}" font-weight="bold" letter-spacing="${num(wordmarkSize * 0.12)}" fill="${body.wordmark}">${escapeXml(brand)}</text>` +
    `</g>`
  );
}

export function laptopSvg(input: LaptopImageInput): string {
  const [width, height] = [800, 600];
  const accent = parseAccent(input.accent);
  const pose = cycle(POSES, input.variant);
  const body = cycle(BODIES, input.variant);
  const geometry = laptopGeometry(pose.open);
  const subject = [...allCorners(geometry.base), ...allCorners(geometry.lid)];
  const camera = makeCamera(pose, subject, { x: 130, y: 75, w: 540, h: 420 });
  return svgDocument(
    width,
    height,
    studioBackground(accent, width, height) +
      shadows(camera, geometry) +
      laptopBase(camera, geometry, body) +
      laptopLid(camera, geometry, input, body, accent),
  );
}

// ---------------------------------------------------------------------------
// Category tile and avatar

/** A flat, front-facing laptop used as a decorative mark; the screen takes `screenFill`. */
function laptopSilhouette(x: number, y: number, width: number, screenFill: string): string {
  return (
    `<g transform="translate(${num(x)} ${num(y)}) scale(${num(width / 100)})">` +
    `<rect x="10" y="0" width="80" height="53" rx="3.5" fill="#fff"/>` +
    `<rect x="13.5" y="3.5" width="73" height="44" rx="1" fill="${screenFill}"/>` +
    `<path d="M3,55 H97 L100,59.5 Q100,62 97.5,62 H2.5 Q0,62 0,59.5 Z" fill="#fff"/>` +
    `<rect x="41" y="55" width="18" height="2.4" rx="1.2" fill="#000" opacity="0.15"/>` +
    `</g>`
  );
}

/**
 * A brand's tile art: the brand's colour and a laptop, no name. The tile prints the
 * name under the picture, so the art would only say it twice.
 */
export function categorySvg(input: { accent: string }): string {
  const [width, height] = [600, 400];
  const accent = parseAccent(input.accent);
  return svgDocument(
    width,
    height,
    `<defs>${linearGradient('tile', [tone(accent, 0.55, 0.75, 10), tone(accent, 0.3, 0.8, -25)], [0, 0, 1, 1])}` +
      `${linearGradient('tile-screen', [tone(accent, 0.8, 0.9, 25), tone(accent, 0.5, 0.85, -20)], [0, 0, 1, 1])}` +
      `${blurFilter('tile-shadow', 10)}</defs>` +
      `<rect width="${width}" height="${height}" fill="url(#tile)"/>` +
      // Big faint rings add depth behind the laptop.
      `<g fill="none" stroke="#fff"><circle cx="300" cy="190" r="200" stroke-opacity="0.07" stroke-width="44"/><circle cx="300" cy="190" r="118" stroke-opacity="0.06" stroke-width="24"/></g>` +
      `<ellipse cx="300" cy="300" rx="150" ry="12" fill="#000" opacity="0.25" filter="url(#tile-shadow)"/>` +
      laptopSilhouette(155, 110, 290, 'url(#tile-screen)'),
  );
}

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (first === undefined) return '?';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  // Array.from keeps letters outside the Basic Multilingual Plane intact.
  const letter = (word: string | undefined) =>
    word === undefined ? '' : (Array.from(word)[0] ?? '');
  return (letter(first) + letter(last)).toUpperCase();
}

export function avatarSvg(input: { name: string; accent: string }): string {
  const size = 256;
  const accent = parseAccent(input.accent);
  // Nudge the hue per person so a page of avatars sharing one accent still varies.
  const dh = (hashString(input.name) % 60) - 30;
  const text = initials(input.name);
  const fontSize = text.length > 1 ? 100 : 120;
  return svgDocument(
    size,
    size,
    `<defs>${linearGradient('avatar', [tone(accent, 0.62, 0.75, dh - 15), tone(accent, 0.38, 0.8, dh + 20)], [0, 0, 1, 1])}</defs>` +
      `<rect width="${size}" height="${size}" fill="url(#avatar)"/>` +
      `<circle cx="70" cy="50" r="120" fill="#fff" opacity="0.08"/>` +
      `<text x="128" y="${num(128 + fontSize * 0.36)}" text-anchor="middle" font-family="${FONT}" font-size="${fontSize}" font-weight="bold" fill="#fff">${escapeXml(text)}</text>`,
  );
}

// ---------------------------------------------------------------------------
// Rasterising

export async function svgToWebp(
  svg: string,
  options: { width?: number; quality?: number } = {},
): Promise<Buffer> {
  const { width, quality = 82 } = options;
  const input = Buffer.from(svg);
  if (width === undefined) return sharp(input).webp({ quality }).toBuffer();
  // Rasterise the vector at the target size (via density) rather than stretching a 72 dpi bitmap.
  const { width: natural = width } = await sharp(input).metadata();
  return sharp(input, { density: (72 * width) / natural })
    .resize({ width })
    .webp({ quality })
    .toBuffer();
}
