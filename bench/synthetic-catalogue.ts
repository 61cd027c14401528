import fs from "node:fs";
import path from "node:path";
import { stringify } from "yaml";
import { CHAINS, SERIES } from "#app/catalogue/artwork-record.ts";

const AVAILABILITY = ["Available", "Sold", "Not for sale"];
const WORDS = ["fern", "lantern", "moth", "river", "chamber", "vine", "source", "novelty", "dream", "serpent", "eye"];

/** A deterministic pseudo-random sequence, so two runs generate the same catalogue. */
function sequence(seed: number) {
  let state = seed >>> 0 || 1;
  return (n: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
}

export interface SyntheticWork {
  slug: string;
  title: string;
  artwork_id: number;
  year: string;
  series: string;
  chain: string;
  availability: string;
  mint_address: string;
  secondary_market: string;
  description: string;
}

/** Generated ids start here, clear of the real catalogue's. */
const FIRST_ID = 100_001;

/** `count` works with unique slugs and ids; images are the drawn stand-ins their names seed. */
export function syntheticWorks(count: number, seed = 13): SyntheticWork[] {
  const pick = sequence(seed);
  return Array.from({ length: count }, (_, i) => {
    const id = FIRST_ID + i;
    const title = `${WORDS[pick(WORDS.length)]} ${WORDS[pick(WORDS.length)]} ${id}`.replace(/^\w/, (c) =>
      c.toUpperCase(),
    );
    const chain = CHAINS[pick(CHAINS.length)] as string;
    const mint =
      chain === "Solana"
        ? `https://solscan.io/token/UmbraDemoMint${String(id).padStart(8, "0")}`
        : `https://etherscan.io/nft/0x0000000000000000000000000000000000c0ffee/${id}`;
    return {
      slug: `synthetic-${id}`,
      title,
      artwork_id: id,
      year: String(2005 + pick(21)),
      series: SERIES[pick(SERIES.length)] as string,
      chain,
      availability: AVAILABILITY[pick(AVAILABILITY.length)] as string,
      mint_address: mint,
      secondary_market: `https://opensea.io/assets/${chain.toLowerCase()}/synthetic/${id}`,
      description: `Description:\n${title}, a generated stand-in for the growth benchmark.\n\nAdditional information:\nEdition: 1 of 1`,
    };
  });
}

/** One work file: YAML front matter (year quoted), then the description as the body. */
export function workFile(work: SyntheticWork): string {
  const { slug: _slug, description, ...fields } = work;
  const frontMatter = stringify(fields, { defaultStringType: "QUOTE_DOUBLE", defaultKeyType: "PLAIN" });
  return `---\n${frontMatter}---\n\n${description}\n`;
}

/**
 * A content folder for `npm run build` with CONTENT_DIR pointing at it: the repository's
 * content/ copied (pages, exhibitions, settings and the real works, which exhibitions name),
 * plus generated works in works/<slug>.md up to `count` works in all. Written under `dir`,
 * never into the repository.
 */
export function writeSyntheticContent(repoContentDir: string, dir: string, count: number): string {
  fs.cpSync(repoContentDir, dir, { recursive: true });
  const works = path.join(dir, "works");
  fs.mkdirSync(works, { recursive: true });
  const existing = fs.readdirSync(works).filter((name) => name.endsWith(".md")).length;
  for (const work of syntheticWorks(Math.max(0, count - existing))) {
    fs.writeFileSync(path.join(works, `${work.slug}.md`), workFile(work));
  }
  return dir;
}
