/**
 * Which kind of exhibition file (PDF or audio) a body is, judged by its first bytes, never by the
 * name or Content-Type the browser sent. Issue 23: a downloads block's PDF and an audio block's
 * recording. Returns the kind or a message a person can act on.
 */

export type ExhibitionFileKind =
  | { kind: "pdf"; mime: "application/pdf"; ext: "pdf"; maxBytes: number }
  | { kind: "audio"; mime: string; ext: string; maxBytes: number };

/** A catalogue PDF with images stays well under 40 MB; a long WAV recording needs more room. */
export const MAX_PDF_BYTES = 40 * 1024 * 1024;
export const MAX_AUDIO_BYTES = 100 * 1024 * 1024;

/** The studio's sentence for a body over the largest limit (the app's and the editor's). */
export const FILE_TOO_LARGE_MESSAGE = `The file is larger than ${MAX_AUDIO_BYTES / 1024 / 1024} MB: export a smaller copy (an MP3 or M4A for a recording) and upload that.`;

/** How many leading bytes the check reads (enough for every header below). */
export const HEAD_BYTES = 64;

const ACCEPTED = "a PDF, MP3, M4A/AAC, OGG/Opus or WAV file";

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

function isMp3(head: Uint8Array): boolean {
  if (ascii(head, 0, 3) === "ID3" && head.length >= 10) return true;
  // An MPEG audio frame sync: 11 set bits, a valid layer, not the reserved version.
  const second = head[1] ?? 0;
  return (
    head.length >= 4 &&
    head[0] === 0xff &&
    (second & 0xe0) === 0xe0 &&
    (second & 0x06) !== 0 &&
    (second & 0x18) !== 0x08
  );
}

export function classifyExhibitionFile(
  head: Uint8Array,
  totalBytes: number,
): { ok: true; file: ExhibitionFileKind } | { ok: false; message: string } {
  if (totalBytes === 0) return { ok: false, message: `The file is empty. Choose ${ACCEPTED}.` };
  if (ascii(head, 0, 5) === "%PDF-") {
    if (totalBytes < 64) {
      return {
        ok: false,
        message: "The PDF is cut short (it has no content). Export it again and upload the whole file.",
      };
    }
    if (totalBytes > MAX_PDF_BYTES) {
      return {
        ok: false,
        message: `The PDF is over ${MAX_PDF_BYTES / 1024 / 1024} MB. Export it with smaller images.`,
      };
    }
    return { ok: true, file: { kind: "pdf", mime: "application/pdf", ext: "pdf", maxBytes: MAX_PDF_BYTES } };
  }
  const audio = audioKind(head);
  if (audio) {
    if (totalBytes > MAX_AUDIO_BYTES) {
      return {
        ok: false,
        message: `The recording is over ${MAX_AUDIO_BYTES / 1024 / 1024} MB. Export it as MP3 or M4A.`,
      };
    }
    return { ok: true, file: { kind: "audio", ...audio, maxBytes: MAX_AUDIO_BYTES } };
  }
  if (head.length < 12 && totalBytes < 12) {
    return { ok: false, message: `The file is too short to be ${ACCEPTED}; it may be cut off. Upload the whole file.` };
  }
  return {
    ok: false,
    message: `This is not ${ACCEPTED} (its contents say otherwise, whatever its name). Export it in one of those formats.`,
  };
}

function audioKind(head: Uint8Array): { mime: string; ext: string } | null {
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 4) === "WAVE") return { mime: "audio/wav", ext: "wav" };
  if (ascii(head, 0, 4) === "OggS") {
    return ascii(head, 28, 8) === "OpusHead"
      ? { mime: "audio/ogg; codecs=opus", ext: "opus" }
      : { mime: "audio/ogg", ext: "ogg" };
  }
  if (ascii(head, 4, 4) === "ftyp") {
    const brand = ascii(head, 8, 4);
    if (["M4A ", "M4B ", "mp42", "isom", "mp41"].includes(brand)) return { mime: "audio/mp4", ext: "m4a" };
    return null;
  }
  if (isMp3(head)) return { mime: "audio/mpeg", ext: "mp3" };
  return null;
}
