import { sceneGround } from "#app/images/stand-in-kinds.ts";
import { hslToHex, seededRandom } from "#app/images/stand-in-palette.ts";
import { round1 as n, type StandInOptions, svgDocument } from "./svg-document.server.ts";

/**
 * The river and the forest: a dawn or dusk sky with low cloud, two bands of canopy, a wide
 * river with the sky's light on it, and sometimes a thatched hut on the bank. The "dark" tone
 * is late dusk. Marked data-part="treeline", "river" and "hut".
 */
export function landscapeStandIn(options: StandInOptions): string {
  const { seed, width, height, tone = "light" } = options;
  const r = seededRandom(`${seed}#land`);
  const W = 1000;
  const H = Math.round((W * height) / width);
  const ground = sceneGround("landscape", seed, tone);
  const horizon = H * ground.split;
  const glow = hslToHex(30 + r() * 15, 80, tone === "dark" ? 45 : 80);
  const defs = [
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hslToHex(210 + r() * 20, 30, tone === "dark" ? 14 : 52)}"/><stop offset="1" stop-color="${ground.upper}"/></linearGradient>`,
    `<radialGradient id="sun"><stop offset="0" stop-color="${glow}" stop-opacity="0.9"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>`,
  ];
  const parts = [
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>`,
    `<ellipse cx="${n(W * (0.2 + r() * 0.6))}" cy="${n(horizon * 0.9)}" rx="${n(W * 0.45)}" ry="${n(horizon * 0.5)}" fill="url(#sun)"/>`,
  ];
  // Low cloud.
  for (let i = 0; i < 4; i++) {
    parts.push(
      `<ellipse cx="${n(r() * W)}" cy="${n(horizon * (0.25 + r() * 0.4))}" rx="${n(W * (0.15 + r() * 0.2))}" ry="${n(H * 0.025)}" fill="#fff" fill-opacity="${n(0.12 + r() * 0.15)}"/>`,
    );
  }
  /** A canopy edge: a row of crowns of varied size along `baseY`. */
  const canopy = (baseY: number, size: number, color: string) => {
    let d = `M0 ${n(H)}L0 ${n(baseY)}`;
    for (let x = 0; x < W + size; ) {
      const crown = size * (0.6 + r() * 0.8);
      d += `Q${n(x + crown / 2)} ${n(baseY - crown * (0.6 + r() * 0.6))} ${n(x + crown)} ${n(baseY)}`;
      x += crown;
    }
    return `<path data-part="treeline" d="${d}L${W + size * 2} ${n(H)}Z" fill="${color}"/>`;
  };
  const riverTop = horizon + H * (0.06 + r() * 0.04);
  parts.push(canopy(horizon, W * 0.05, hslToHex(160, 20, tone === "dark" ? 12 : 30)));
  parts.push(canopy(horizon + H * 0.04, W * 0.07, ground.lower));
  // The river, with the sky's light in streaks.
  const river = [
    `<rect y="${n(riverTop)}" width="${W}" height="${n(H - riverTop)}" fill="${hslToHex(30, 25, tone === "dark" ? 16 : 42)}"/>`,
  ];
  for (let i = 0; i < 8; i++) {
    river.push(
      `<rect x="${n(r() * W * 0.8)}" y="${n(riverTop + (H - riverTop) * (0.1 + r() * 0.8))}" width="${n(W * (0.05 + r() * 0.2))}" height="2.5" fill="${glow}" fill-opacity="0.45"/>`,
    );
  }
  parts.push(`<g data-part="river">${river.join("")}</g>`);
  // The near bank and, sometimes, a hut with a thatched roof on it.
  const bankLeft = r() > 0.5;
  const bankW = W * (0.3 + r() * 0.15);
  const bankX = bankLeft ? 0 : W - bankW;
  const bankY = H - (H - riverTop) * (0.35 + r() * 0.2);
  parts.push(
    `<path d="M${n(bankX)} ${n(H)}V${n(bankY)}Q${n(bankX + bankW / 2)} ${n(bankY - H * 0.04)} ${n(bankX + bankW)} ${n(bankY + H * 0.02)}V${n(H)}Z" fill="${hslToHex(28, 30, tone === "dark" ? 8 : 18)}"/>`,
  );
  if (r() > 0.35) {
    const hw = bankW * 0.45;
    const hx = bankX + (bankW - hw) / 2;
    const hy = bankY - H * 0.01;
    const roof = hslToHex(36, 40, tone === "dark" ? 14 : 32);
    parts.push(
      `<g data-part="hut"><path d="M${n(hx + hw * 0.1)} ${n(hy)}V${n(hy - hw * 0.28)}M${n(hx + hw * 0.9)} ${n(hy)}V${n(hy - hw * 0.28)}M${n(hx + hw * 0.5)} ${n(hy)}V${n(hy - hw * 0.28)}" stroke="#2a1f16" stroke-width="6"/><path d="M${n(hx - hw * 0.08)} ${n(hy - hw * 0.26)}L${n(hx + hw / 2)} ${n(hy - hw * 0.7)}L${n(hx + hw * 1.08)} ${n(hy - hw * 0.26)}Z" fill="${roof}"/></g>`,
    );
  }
  return svgDocument({
    width,
    height,
    viewWidth: W,
    viewHeight: H,
    body: `<defs>${defs.join("")}</defs>${parts.join("")}`,
  });
}
