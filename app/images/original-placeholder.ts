/**
 * An original's blur placeholder as CSS: a 16 px wide WebP of it, blurred by the browser through
 * an SVG filter (a few hundred bytes). The same for the build's originals and uploaded ones.
 */
export function placeholderCss(tinyWebp: Uint8Array, width: number, height: number): string {
  const tinyHeight = Math.max(1, Math.round((16 * height) / Math.max(1, width)));
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 ${tinyHeight}'><filter id='b' color-interpolation-filters='sRGB'><feGaussianBlur stdDeviation='1'/><feComponentTransfer><feFuncA type='discrete' tableValues='1 1'/></feComponentTransfer></filter><image filter='url(#b)' preserveAspectRatio='none' width='16' height='${tinyHeight}' href='data:image/webp;base64,${Buffer.from(tinyWebp).toString("base64")}'/></svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}
