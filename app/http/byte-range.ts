/**
 * A request's Range header against a file of `size` bytes (RFC 9110 14.2), for audio seeking:
 * one range served as 206; a range wholly past the end (or any range of an empty file) is
 * unsatisfiable (416); anything else (no header, another unit, several ranges, bad syntax) is
 * answered with the whole file, as the RFC allows.
 */
export type ByteRange = { kind: "whole" } | { kind: "part"; start: number; end: number } | { kind: "unsatisfiable" };

export function byteRange(header: string | null, size: number): ByteRange {
  if (!header) return { kind: "whole" };
  const match = header.trim().match(/^bytes=(\d*)-(\d*)$/i);
  if (!match || (match[1] === "" && match[2] === "")) return { kind: "whole" };
  const [first, last] = [match[1] ?? "", match[2] ?? ""];
  if (first === "") {
    // The last N bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "part", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== "" && Number(last) < start) return { kind: "whole" };
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "part", start, end };
}
