/**
 * A demo listing's other photos, after the cover (seed-images.ts): the keyboard
 * seen from above, and the closed laptop from the side with its ports. Both use
 * the cover's 3D model, body colour and wallpaper, so the three read as one laptop.
 */
import {
  FONT,
  centroid,
  cycle,
  escapeXml,
  facesCamera,
  fitFontSize,
  linearGradient,
  makeCamera,
  num,
  onPlane,
  parseAccent,
  planeMatrix,
  polygon,
  svgDocument,
  type Camera,
  type Plane,
  type Point,
  type Pose,
} from './seed-drawing.ts';
import {
  BASE,
  BODIES,
  allCorners,
  laptopBase,
  laptopGeometry,
  laptopLid,
  shade,
  shadows,
  studioBackground,
  type Body,
  type Geometry,
  type LaptopImageInput,
} from './seed-images.ts';

const [WIDTH, HEIGHT] = [800, 600];

/** Open, seen from above the front edge: the keyboard and trackpad fill the picture. */
export function keyboardSvg(input: LaptopImageInput): string {
  const accent = parseAccent(input.accent);
  const body = cycle(BODIES, input.variant);
  const pose: Pose = { yaw: cycle([-7, 6, 0], input.variant), pitch: 64, open: 112 };
  const geometry = laptopGeometry(pose.open);
  // Framing the base alone lets the screen run off the top, like a close-up.
  const camera = makeCamera(pose, allCorners(geometry.base), { x: 20, y: 205, w: 760, h: 380 });
  return svgDocument(
    WIDTH,
    HEIGHT,
    studioBackground(accent, WIDTH, HEIGHT) +
      shadows(camera, geometry) +
      laptopBase(camera, geometry, body) +
      laptopLid(camera, geometry, input, body, accent),
  );
}

// ---------------------------------------------------------------------------
// Ports, drawn on the side of the base in millimetre-like units (the base is 11 tall)

type Port = 'usb-c' | 'usb-a' | 'hdmi' | 'jack' | 'sd' | 'magsafe' | 'vents';

/** Which side the photo shows and its ports, from the front edge backwards. */
export type PortLayout = { side: 'left' | 'right'; ports: readonly Port[] };

const APPLE_PORTS: PortLayout = { side: 'left', ports: ['jack', 'usb-c', 'usb-c', 'magsafe'] };

const PORT_LAYOUTS: readonly [PortLayout, ...PortLayout[]] = [
  { side: 'right', ports: ['jack', 'usb-a', 'usb-c', 'usb-c'] },
  { side: 'left', ports: ['jack', 'usb-a', 'hdmi', 'usb-c'] },
  { side: 'right', ports: ['sd', 'usb-a', 'vents'] },
  { side: 'left', ports: ['jack', 'usb-c', 'usb-a', 'hdmi', 'vents'] },
];

const PORT_WIDTH: Record<Port, number> = {
  'usb-c': 9,
  'usb-a': 12.5,
  hdmi: 14,
  jack: 4,
  sd: 13,
  magsafe: 13,
  vents: 40,
};
const PORT_GAP = 7;
const HOLE = '#121419';
const INSIDE = '#3b414d';

/** A rounded slot (a stadium) centred on (x, y), as points in plane coordinates. */
function slot(x: number, y: number, w: number, h: number): Point[] {
  const r = h / 2;
  const arc = (cx: number, from: number): Point[] =>
    [0, 1, 2, 3, 4, 5, 6].map((i) => {
      const angle = from + (i * Math.PI) / 6;
      return [cx + r * Math.cos(angle), y + r * Math.sin(angle)];
    });
  return [...arc(x + w / 2 - r, -Math.PI / 2), ...arc(x - w / 2 + r, Math.PI / 2)];
}

function box(x: number, y: number, w: number, h: number): Point[] {
  return [
    [x - w / 2, y - h / 2],
    [x + w / 2, y - h / 2],
    [x + w / 2, y + h / 2],
    [x - w / 2, y + h / 2],
  ];
}

/** One port centred at x along the side; y runs down from the middle of the side. */
function portShapes(port: Port, x: number): [Point[], string][] {
  switch (port) {
    case 'usb-c':
      return [
        [slot(x, 0, 9, 3.3), HOLE],
        [slot(x, 0, 5.6, 0.9), INSIDE],
      ];
    case 'usb-a':
      return [
        [box(x, 0.2, 12.5, 5), HOLE],
        [box(x, -0.8, 11, 1.7), INSIDE],
      ];
    case 'hdmi': {
      const [w, h, bottom] = [14, 4.6, 10.6];
      const outline: Point[] = [
        [x - w / 2, -h / 2],
        [x + w / 2, -h / 2],
        [x + w / 2, 0],
        [x + bottom / 2, h / 2],
        [x - bottom / 2, h / 2],
        [x - w / 2, 0],
      ];
      return [
        [outline, HOLE],
        [box(x, -0.4, 10, 1), INSIDE],
      ];
    }
    case 'jack':
      return [
        [slot(x, 0, 4, 4), INSIDE],
        [slot(x, 0, 3, 3), HOLE],
      ];
    case 'sd':
      return [[box(x, 0.4, 13, 1.8), HOLE]];
    case 'magsafe':
      return [
        [slot(x, 0, 13, 3.6), HOLE],
        [slot(x, 0, 10.5, 1.4), '#20242c'],
      ];
    case 'vents':
      return Array.from({ length: 9 }, (_, i): [Point[], string] => [
        slot(x - 18 + i * 4.5, 0, 1.6, 6),
        HOLE,
      ]);
  }
}

function sidePorts(camera: Camera, plane: Plane, layout: PortLayout): string {
  // Ports sit towards the back: start a third of the way from the front edge.
  let x = -BASE.d / 2 + BASE.d * 0.3;
  const shapes = layout.ports.flatMap((port) => {
    const centre = x + PORT_WIDTH[port] / 2;
    x += PORT_WIDTH[port] + PORT_GAP;
    return portShapes(port, centre);
  });
  // The charging light, near the front.
  const led: [Point[], string] = [slot(-BASE.d / 2 + 14, 0, 1.8, 1.8), '#4ade80'];
  return [...shapes, led]
    .map(([points, fill]) =>
      polygon(
        camera,
        points.map(([px, py]) => onPlane(plane, px, py)),
        `fill="${fill}" stroke="#fff" stroke-opacity="0.18" stroke-width="0.6"`,
      ),
    )
    .join('');
}

/** The closed lid's outside, with the brand in the middle. */
function lidTop(camera: Camera, geometry: Geometry, input: LaptopImageInput, body: Body): string {
  const top = geometry.lid['-c'];
  // x right, y towards the front, so the brand reads from the front.
  const plane: Plane = { origin: centroid(top.corners), u: [1, 0, 0], v: [0, 0, 1] };
  const brand = input.brand.trim();
  const size = fitFontSize(brand, 150, 20, 0.72);
  return (
    polygon(camera, top.corners, `fill="${shade(body.colour, top.normal)}"`) +
    polygon(camera, top.corners, 'fill="url(#sheen)"') +
    `<g transform="${planeMatrix(camera, plane, 0, 0, 60)}">` +
    `<text x="0" y="${num(size * 0.36)}" text-anchor="middle" font-family="${FONT}" font-size="${num(size)}" font-weight="bold" letter-spacing="${num(size * 0.12)}" fill="${body.wordmark}">${escapeXml(brand)}</text>` +
    `</g>`
  );
}

/** MacBooks have USB-C (and MagSafe) only; other brands take one of the usual mixes. */
export function portLayout(input: LaptopImageInput): PortLayout {
  const isApple = input.brand.trim().toLowerCase() === 'apple';
  return isApple ? APPLE_PORTS : cycle(PORT_LAYOUTS, input.variant);
}

/** Closed, seen low from one side: the side with its ports runs across the picture. */
export function portsSvg(input: LaptopImageInput): string {
  const accent = parseAccent(input.accent);
  const body = cycle(BODIES, input.variant);
  const layout = portLayout(input);
  // A negative yaw turns the laptop's right side towards the camera.
  const pose: Pose = { yaw: layout.side === 'right' ? -78 : 78, pitch: 14, open: 0 };
  const geometry = laptopGeometry(pose.open);
  const subject = [...allCorners(geometry.base), ...allCorners(geometry.lid)];
  const camera = makeCamera(pose, subject, { x: 45, y: 150, w: 710, h: 400 });

  const { base, lid } = geometry;
  const sideFace = base[layout.side === 'right' ? '+a' : '-a'];
  // Side coordinates: x from the front edge (negative) to the back, y down.
  const side: Plane = { origin: centroid(sideFace.corners), u: [0, 0, -1], v: [0, -1, 0] };
  const faces = (box: typeof base, keys: readonly (keyof typeof base)[]) =>
    keys
      .map((key) => box[key])
      .filter((face) => facesCamera(face, camera))
      .map((face) => polygon(camera, face.corners, `fill="${shade(body.colour, face.normal)}"`))
      .join('');

  return svgDocument(
    WIDTH,
    HEIGHT,
    studioBackground(accent, WIDTH, HEIGHT) +
      shadows(camera, geometry) +
      `<defs>${linearGradient('sheen', ['#fff/0.22', '#fff/0'], [0, 0, 0.4, 1])}</defs>` +
      `<g stroke-linejoin="round">${faces(base, ['-a', '+a', '-c', '+c', '+b'])}</g>` +
      sidePorts(camera, side, layout) +
      // A faint outline marks the seam between the closed lid and the base.
      `<g stroke="#000" stroke-opacity="0.15" stroke-width="0.8" stroke-linejoin="round">${faces(lid, ['-a', '+a', '-b', '+b'])}</g>` +
      lidTop(camera, geometry, input, body),
  );
}
