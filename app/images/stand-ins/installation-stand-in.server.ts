import { sceneGround } from "#app/images/stand-in-kinds.ts";
import { hslToHex, seededRandom } from "#app/images/stand-in-palette.ts";
import { artworkDrawing } from "./artwork-stand-in.server.ts";
import { round1 as n, type StandInOptions, svgDocument } from "./svg-document.server.ts";
import { visitorFigure } from "./visitor-figure.server.ts";

const WORK_ASPECT = 10 / 7;

/**
 * A view of a show: a gallery room in one-point perspective (back wall, one or two side walls,
 * ceiling and floor), one to four framed works hung at eye level under ceiling spots, and two
 * to six visitors of varied height standing or walking. The "dark" tone is a black booth lit
 * only by the spots. Works are the artwork generator's drawings, small, so they read as art on
 * a wall; parts are marked data-part="work" and data-part="visitor".
 */
export function installationStandIn(options: StandInOptions): string {
  const { seed, width, height, transparent = false, tone = "light" } = options;
  const r = seededRandom(`${seed}#room`);
  const W = 1000;
  const H = Math.round((W * height) / width);
  const dark = tone === "dark";
  const ground = sceneGround("installation", seed, tone);
  const scene: RoomScene = { seed, r, W, H, dark, transparent, warmth: 20 + r() * 25 };
  const room = roomGeometry(scene, ground.split);

  const defs: string[] = [
    `<radialGradient id="spot"><stop offset="0" stop-color="#fff8ea" stop-opacity="${dark ? 0.5 : 0.55}"/><stop offset="1" stop-color="#fff8ea" stop-opacity="0"/></radialGradient>`,
  ];
  const parts: string[] = [];
  if (!transparent) parts.push(...roomWalls(scene, room, ground));
  parts.push(...hungWorks(scene, room));
  parts.push(...roomVisitors(scene, room));

  return svgDocument({
    width,
    height,
    viewWidth: W,
    viewHeight: H,
    body: `<defs>${defs.join("")}</defs>${parts.join("")}`,
  });
}

/** What the drawing's parts share: its seed and random stream, its view, and its light. */
interface RoomScene {
  seed: string;
  r: () => number;
  W: number;
  H: number;
  /** A black booth lit only by the spots. */
  dark: boolean;
  transparent: boolean;
  /** The hue the walls and visitors lean to. */
  warmth: number;
}

/** The room in perspective: the back wall's corners and the vanishing point. */
interface Room {
  bx0: number;
  bx1: number;
  by0: number;
  by1: number;
  vx: number;
  vy: number;
}

/** The room: horizon at eye level, back wall corners, vanishing point between them. */
function roomGeometry({ r, W, H }: RoomScene, split: number): Room {
  const layout = Math.floor(r() * 3); // 0: both side walls, 1: left only, 2: right only
  const bx0 = layout === 2 ? -40 : W * (0.1 + r() * 0.16);
  const bx1 = layout === 1 ? W + 40 : W * (0.74 + r() * 0.16);
  const by0 = H * (0.06 + r() * 0.08);
  const by1 = H * split;
  const vx = (bx0 + bx1) / 2 + (r() - 0.5) * W * 0.1;
  const vy = H * (0.4 + r() * 0.06);
  return { bx0, bx1, by0, by1, vx, vy };
}

/** Floor, ceiling, the side walls there are, the back wall and its skirting shadow. */
function roomWalls(
  { r, W, H, dark, warmth }: RoomScene,
  { bx0, bx1, by0, by1, vx, vy }: Room,
  ground: { upper: string; lower: string },
): string[] {
  /** Where the line from the vanishing point through (x, y) meets the vertical line at `edge`. */
  const along = (x: number, y: number, edge: number) => vy + ((y - vy) * (edge - vx)) / (x - vx);
  const parts: string[] = [];
  const side = hslToHex(warmth, 8, dark ? 7 : 74 + r() * 6);
  const ceiling = hslToHex(warmth, 6, dark ? 4 : 92);
  parts.push(`<rect width="${W}" height="${H}" fill="${ground.lower}"/>`);
  parts.push(`<path d="M0 0H${W}L${n(bx1)} ${n(by0)}H${n(bx0)}Z" fill="${ceiling}"/>`);
  if (bx0 > 0)
    parts.push(
      `<path d="M${n(bx0)} ${n(by0)}V${n(by1)}L0 ${n(along(bx0, by1, 0))}V${n(along(bx0, by0, 0))}Z" fill="${side}"/>`,
    );
  if (bx1 < W)
    parts.push(
      `<path d="M${n(bx1)} ${n(by0)}V${n(by1)}L${W} ${n(along(bx1, by1, W))}V${n(along(bx1, by0, W))}Z" fill="${side}"/>`,
    );
  parts.push(
    `<rect x="${n(bx0)}" y="${n(by0)}" width="${n(bx1 - bx0)}" height="${n(by1 - by0)}" fill="${ground.upper}"/>`,
  );
  // A skirting shadow where the wall meets the floor.
  parts.push(
    `<rect x="${n(bx0)}" y="${n(by1 - 3)}" width="${n(bx1 - bx0)}" height="6" fill="#000" fill-opacity="0.25"/>`,
  );
  return parts;
}

/** Works at eye level, each under its spot. */
function hungWorks({ seed, r, W, H, dark, transparent }: RoomScene, { bx0, bx1, by0, by1, vy }: Room): string[] {
  const parts: string[] = [];
  const left = Math.max(bx0, 0) + W * 0.04;
  const right = Math.min(bx1, W) - W * 0.04;
  const count = 1 + Math.floor(r() * 4);
  const slot = (right - left) / count;
  const workHeight = Math.min((by1 - by0) * (0.3 + r() * 0.12), (slot * 0.72) / WORK_ASPECT);
  const workWidth = workHeight * WORK_ASPECT;
  const centreY = vy - workHeight * 0.1;
  const frame = dark ? "#2a2623" : r() > 0.5 ? "#1c1a18" : "#f4f1ea";
  for (let i = 0; i < count; i++) {
    const cx = left + slot * (i + 0.5);
    const x = cx - workWidth / 2;
    const y = centreY - workHeight / 2;
    parts.push(
      `<ellipse cx="${n(cx)}" cy="${n(centreY - workHeight * 0.15)}" rx="${n(workWidth * 0.95)}" ry="${n(workHeight * 1.1)}" fill="url(#spot)"/>`,
      `<rect x="${n(cx - 4)}" y="${n(by0)}" width="8" height="6" fill="${dark ? "#3a3633" : "#2b2926"}"/>`,
      `<g data-part="work"><rect x="${n(x + 4)}" y="${n(y + 6)}" width="${n(workWidth)}" height="${n(workHeight)}" fill="#000" fill-opacity="0.22"/>`,
      `<svg x="${n(x)}" y="${n(y)}" width="${n(workWidth)}" height="${n(workHeight)}" viewBox="0 0 1000 700" preserveAspectRatio="xMidYMid slice">${artworkDrawing({ seed: `${seed}#work${i}`, viewHeight: 700, idPrefix: `w${i}-`, miniature: true })}</svg>`,
      `<rect x="${n(x)}" y="${n(y)}" width="${n(workWidth)}" height="${n(workHeight)}" fill="none" stroke="${frame}" stroke-width="${n(Math.max(2, workWidth * 0.025))}"/></g>`,
    );
    if (!transparent)
      parts.push(
        `<ellipse cx="${n(cx)}" cy="${n(by1 + (H - by1) * 0.25)}" rx="${n(workWidth * 0.7)}" ry="${n((H - by1) * 0.12)}" fill="url(#spot)" fill-opacity="0.6"/>`,
      );
  }
  return parts;
}

/** Visitors, far ones first so near ones overlap them. */
function roomVisitors({ r, W, H, dark, warmth }: RoomScene, { by1, vy }: Room): string[] {
  const visitors = 2 + Math.floor(r() * 5);
  const placed = Array.from({ length: visitors }, () => ({
    x: W * (0.06 + r() * 0.88),
    floorY: by1 + (H - by1) * (0.1 + r() * 0.6),
    metres: r() > 0.88 ? 1.1 + r() * 0.25 : 1.52 + r() * 0.38,
    lightness: dark ? 16 + r() * 8 : 10 + r() * 18,
  })).sort((a, b) => a.floorY - b.floorY);
  return placed.map((visitor) =>
    visitorFigure({
      x: visitor.x,
      floorY: visitor.floorY,
      // Eyes at the horizon: a person of 1.6 m has their eyes at eye level wherever they stand.
      height: ((visitor.floorY - vy) * visitor.metres) / 1.5,
      color: hslToHex(warmth + 360 * r(), 8 + r() * 22, visitor.lightness),
      random: r,
    }),
  );
}
