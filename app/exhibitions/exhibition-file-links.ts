import type { Exhibition } from "./exhibition.ts";

/** Every file address the exhibitions offer: downloads' hrefs and audio blocks' srcs. */
export function exhibitionFileLinks(exhibitions: readonly Exhibition[]): Set<string> {
  const links = new Set<string>();
  for (const exhibition of exhibitions)
    for (const block of exhibition.blocks) {
      if (block.type === "downloads") for (const file of block.files) links.add(file.href);
      if (block.type === "audio") links.add(block.src);
    }
  return links;
}
