import { round1 as n } from "./svg-document.server.ts";

/**
 * A person seen from some metres away, as a silhouette: head, torso, arms and legs, standing or
 * mid-step. `x` is the point between the feet, `floorY` where they touch the floor, `height`
 * the whole figure's height in view units.
 */
export function visitorFigure(options: {
  x: number;
  floorY: number;
  height: number;
  color: string;
  random: () => number;
}): string {
  const { x, floorY: y, height: h, color, random: r } = options;
  const walking = r() > 0.55;
  const facing = r() > 0.5 ? 1 : -1;
  const shoulder = h * (0.12 + r() * 0.04);
  const hip = shoulder * 0.8;
  const headR = h * 0.065;
  const neckY = y - h + headR * 2.1;
  const hipY = y - h * 0.47;
  const stride = walking ? h * 0.14 : h * 0.04;
  const coat = r() > 0.5 ? h * 0.05 : 0;
  const torso = `M${n(x - shoulder)} ${n(neckY + h * 0.03)} Q${n(x)} ${n(neckY - h * 0.02)} ${n(x + shoulder)} ${n(neckY + h * 0.03)} L${n(x + hip + coat)} ${n(hipY + coat)} L${n(x - hip - coat)} ${n(hipY + coat)}Z`;
  const legs = `M${n(x - hip * 0.8)} ${n(hipY)} L${n(x - stride * facing)} ${n(y)} L${n(x - stride * facing + h * 0.05)} ${n(y)} L${n(x)} ${n(hipY + h * 0.12)} L${n(x + stride * facing - h * 0.05)} ${n(y)} L${n(x + stride * facing)} ${n(y)} L${n(x + hip * 0.8)} ${n(hipY)}Z`;
  const armSwing = walking ? h * 0.08 : h * 0.015;
  const arms = `M${n(x - shoulder)} ${n(neckY + h * 0.04)} L${n(x - shoulder - h * 0.02 - armSwing * facing)} ${n(hipY + h * 0.02)} M${n(x + shoulder)} ${n(neckY + h * 0.04)} L${n(x + shoulder + h * 0.02 + armSwing * facing)} ${n(hipY + h * 0.02)}`;
  return `<g data-part="visitor" fill="${color}"><ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(h * 0.16)}" ry="${n(h * 0.025)}" fill="#000" fill-opacity="0.18"/><path d="${legs}"/><path d="${torso}"/><path d="${arms}" stroke="${color}" stroke-width="${n(h * 0.045)}" stroke-linecap="round" fill="none"/><circle cx="${n(x + facing * h * 0.01)}" cy="${n(y - h + headR)}" r="${n(headR)}"/></g>`;
}
