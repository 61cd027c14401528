import { sceneGround } from "#app/images/stand-in-kinds.ts";
import { hslToHex, seededRandom } from "#app/images/stand-in-palette.ts";
import { round1 as n, type StandInOptions, svgDocument } from "./svg-document.server.ts";

/**
 * A person as a silhouette, head and shoulders against a soft backlit ground: the artist is
 * anonymous, and the people around the work are shown the same way. Seeded head tilt, hair,
 * shoulders and light; a thin rim of light traces the outline. Marked data-part="figure".
 */
export function portraitStandIn(options: StandInOptions): string {
  const { seed, width, height } = options;
  const r = seededRandom(`${seed}#portrait`);
  const W = 1000;
  const H = Math.round((W * height) / width);
  const ground = sceneGround("portrait", seed, "light");
  const light = hslToHex(30 + r() * 20, 40, 88);
  const defs = [
    `<linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ground.upper}"/><stop offset="1" stop-color="${ground.lower}"/></linearGradient>`,
    `<radialGradient id="backlight"><stop offset="0" stop-color="${light}" stop-opacity="0.9"/><stop offset="1" stop-color="${light}" stop-opacity="0"/></radialGradient>`,
  ];

  // The figure fills the lower part of the frame whatever its aspect.
  const unit = Math.min(W, H * 0.9);
  const cx = W * (0.42 + r() * 0.16);
  const headR = unit * (0.13 + r() * 0.03);
  const headY = H - unit * (0.72 + r() * 0.06);
  const tilt = (r() - 0.5) * 16;
  const shoulder = unit * (0.36 + r() * 0.08);
  const neckW = headR * 0.55;
  const neckY = headY + headR * 1.05;
  const shoulderY = neckY + headR * 0.55;
  const ink = hslToHex(20 + r() * 200, 12, 8 + r() * 6);
  const hair =
    r() > 0.5
      ? `<ellipse cx="${n(cx)}" cy="${n(headY - headR * 0.55)}" rx="${n(headR * 0.75)}" ry="${n(headR * 0.55)}"/>`
      : `<ellipse cx="${n(cx)}" cy="${n(headY + headR * 0.3)}" rx="${n(headR * 1.12)}" ry="${n(headR * 1.2)}"/>`;
  const body = `M${n(cx - neckW)} ${n(neckY - headR * 0.2)}V${n(shoulderY - headR * 0.3)}C${n(cx - shoulder * 0.6)} ${n(shoulderY - headR * 0.25)} ${n(cx - shoulder * 0.95)} ${n(shoulderY)} ${n(cx - shoulder)} ${n(shoulderY + headR * 0.7)}L${n(cx - shoulder * 1.05)} ${n(H + 10)}H${n(cx + shoulder * 1.05)}L${n(cx + shoulder)} ${n(shoulderY + headR * 0.7)}C${n(cx + shoulder * 0.95)} ${n(shoulderY)} ${n(cx + shoulder * 0.6)} ${n(shoulderY - headR * 0.25)} ${n(cx + neckW)} ${n(shoulderY - headR * 0.3)}V${n(neckY - headR * 0.2)}Z`;
  const head = `<ellipse cx="${n(cx)}" cy="${n(headY)}" rx="${n(headR * 0.86)}" ry="${n(headR * 1.08)}" transform="rotate(${n(tilt)} ${n(cx)} ${n(headY + headR)})"/>`;
  const parts = [
    `<rect width="${W}" height="${H}" fill="url(#ground)"/>`,
    `<ellipse cx="${n(cx + (r() - 0.5) * W * 0.2)}" cy="${n(headY)}" rx="${n(unit * 0.75)}" ry="${n(unit * 0.7)}" fill="url(#backlight)"/>`,
    // The rim of light: the same shapes a little larger, under the figure.
    `<g fill="${light}" fill-opacity="0.55" transform="translate(${n(cx)} ${n(H)}) scale(1.015) translate(${n(-cx)} ${n(-H)})"><path d="${body}"/>${head}${hair}</g>`,
    `<g data-part="figure" fill="${ink}"><path d="${body}"/>${head}${hair}</g>`,
  ];
  return svgDocument({
    width,
    height,
    viewWidth: W,
    viewHeight: H,
    body: `<defs>${defs.join("")}</defs>${parts.join("")}`,
  });
}
