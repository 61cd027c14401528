import { hslToHex, seededRandom } from "#app/images/stand-in-palette.ts";
import { escapeXml, round1 as n, type StandInOptions, svgDocument } from "./svg-document.server.ts";

/** Words that make no letter of an initialism. */
const MINOR_WORDS = new Set(["of", "the", "and", "for", "in", "on", "at", "a", "an", "de", "la"]);

/**
 * A typographic wordmark: the name's initials set large in a serif, a rule, and the full name
 * in spaced capitals below, in the site's light ink on a clear (or plain dark) ground. Generic
 * font families only, which librsvg renders with the machine's fonts. Marked data-part="wordmark".
 */
export function logoStandIn(options: StandInOptions): string {
  const { seed, width, height, transparent = false, label = "" } = options;
  const r = seededRandom(`${seed}#logo`);
  const W = 1000;
  const H = Math.round((W * height) / width);
  const words = label.trim().split(/\s+/).filter(Boolean);
  const initials = words
    .filter((word) => !MINOR_WORDS.has(word.toLowerCase()))
    .map((word) => word[0]?.toUpperCase() ?? "")
    .join("");
  const ink = "#f1ece4";
  const accent = hslToHex(38 + r() * 10, 66, 56);
  const lines = balancedLines(words, label.length > 40 ? 3 : label.length > 22 ? 2 : 1);
  const mark = initials.length > 1 && initials.length <= 6 ? initials : (words[0] ?? "");
  const markSize = Math.min(W / Math.max(2.2, mark.length * 0.78), H * 0.38);
  const markY = H * 0.46;
  const lineSize = Math.min(W * 0.052, (W * 0.9) / Math.max(...lines.map((line) => line.length), 1) / 0.78);
  const parts: string[] = [];
  if (!transparent) parts.push(`<rect width="${W}" height="${H}" fill="#0e0d0c"/>`);
  parts.push(
    `<g data-part="wordmark" text-anchor="middle"><text x="${W / 2}" y="${n(markY)}" font-family="serif" font-size="${n(markSize)}" letter-spacing="${n(markSize * 0.06)}" fill="${ink}">${escapeXml(mark)}</text>`,
    `<rect x="${n(W * 0.3)}" y="${n(markY + markSize * 0.16)}" width="${n(W * 0.4)}" height="${n(Math.max(3, markSize * 0.025))}" fill="${accent}"/>`,
    ...lines.map(
      (line, i) =>
        `<text x="${W / 2}" y="${n(markY + markSize * 0.16 + lineSize * (2 + i * 1.5))}" font-family="sans-serif" font-size="${n(lineSize)}" letter-spacing="${n(lineSize * 0.18)}" fill="${ink}">${escapeXml(line.toUpperCase())}</text>`,
    ),
    "</g>",
  );
  return svgDocument({ width, height, viewWidth: W, viewHeight: H, body: parts.join("") });
}

/** The words on `count` lines of about equal length (greedy, never an empty line). */
function balancedLines(words: string[], count: number): string[] {
  const target = words.join(" ").length / count;
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (line && lines.length < count - 1 && Math.abs(next.length - target) > Math.abs(line.length - target)) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}
