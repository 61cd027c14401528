import { unzipSync } from "fflate";
import { z } from "zod";
import { ownEntry } from "#app/security/own-entry.ts";

/** A post read from an X (Twitter) archive, before the import rules are applied. */
export interface ArchivePost {
  id: string;
  fullText: string;
  createdAt: Date;
  isReply: boolean;
}

/** The file is not an X archive (or not its posts file); nothing should be written. */
export class ArchiveFormatError extends Error {
  override name = "ArchiveFormatError";
}

// `tweet`, data/tweets.js and window.YTD.tweets are X's own names in its archive format (decision 045).
const archiveEntry = z.object({
  tweet: z.object({
    id_str: z.string().regex(/^\d+$/),
    full_text: z.string(),
    created_at: z.string().refine((value) => !Number.isNaN(Date.parse(value)), "is not a date"),
    in_reply_to_status_id_str: z.string().nullish(),
    in_reply_to_user_id_str: z.string().nullish(),
  }),
});

const POSTS_FILE = /(^|\/)data\/tweets?(-part\d+)?\.js$/;
const PREFIX = /^\s*window\.YTD\.tweets?\.part\d+\s*=\s*/;

/** Reads the posts from the text of an archive's `tweets.js` (`window.YTD.tweets.part0 = [...]`). */
export function parsePostsFile(source: string, fileName = "tweets.js"): ArchivePost[] {
  const match = PREFIX.exec(source);
  if (!match) {
    throw new ArchiveFormatError(`${fileName} is not an X archive posts file (no "window.YTD.tweets.part0 =" header)`);
  }
  let data: unknown;
  try {
    data = JSON.parse(source.slice(match[0].length).trim().replace(/;$/, ""));
  } catch (error) {
    throw new ArchiveFormatError(`${fileName} is damaged: ${(error as Error).message}`);
  }
  if (!Array.isArray(data)) throw new ArchiveFormatError(`${fileName} does not hold a list of posts`);
  return data.map((entry, index) => {
    const parsed = archiveEntry.safeParse(entry);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ArchiveFormatError(`${fileName}, entry ${index}: ${issue?.path.join(".")} ${issue?.message}`);
    }
    const { tweet } = parsed.data;
    return {
      id: tweet.id_str,
      fullText: tweet.full_text,
      createdAt: new Date(tweet.created_at),
      isReply: Boolean(tweet.in_reply_to_status_id_str || tweet.in_reply_to_user_id_str),
    };
  });
}

/** Reads the posts from an archive zip or from a bare tweets.js, by content. */
export function readArchive(bytes: Uint8Array, fileName: string): ArchivePost[] {
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  if (!isZip) return parsePostsFile(new TextDecoder().decode(bytes), fileName);
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (file) => POSTS_FILE.test(file.name) });
  } catch (error) {
    throw new ArchiveFormatError(`${fileName} is not a readable zip: ${(error as Error).message}`);
  }
  const names = Object.keys(files).sort();
  if (names.length === 0) throw new ArchiveFormatError(`${fileName} has no data/tweets.js: is it an X archive?`);
  return names.flatMap((name) => parsePostsFile(new TextDecoder().decode(files[name]), name));
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Decodes the HTML entities X escapes in post text (&amp;, &lt;, &#39;, &#x1F600;...). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1]?.toLowerCase() === "x" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ownEntry(ENTITIES, name.toLowerCase()) ?? whole;
  });
}

/** Removes the t.co links X appends to a post (media, quoted posts), and the space before them. */
export function stripTrailingLinks(text: string): string {
  return text.replace(/(\s*https?:\/\/t\.co\/\w+)+\s*$/u, "").trim();
}
