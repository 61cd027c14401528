// `npm run works:add -- --title "..." --image FILE [--series S] [--year YYYY] [--chain C]`: makes
// content/works/<slug>.md for a new work with the next artwork_id, its original copied beside it.
import "#server/load-env-file.ts";
import { CHAINS, SERIES } from "#app/catalogue/artwork-record.ts";
import { contentDir } from "#app/content-files/content-files.server.ts";
import { parseCommandLine, runCommand, UsageError } from "./cli.ts";
import { addWork } from "./works-add/add-work.ts";

const usage = `Usage: npm run works:add -- --title "TITLE" --image FILE [--series S] [--year YYYY] [--chain C]
  --title   the work's title; its file name (slug) is made from it
  --image   the original: a JPEG, PNG, WebP, AVIF or TIFF file, copied beside the work's file
  --series  ${SERIES.join(", ")} (default: the newest work's)
  --year    four digits (default: this year)
  --chain   ${CHAINS.join(", ")} (default: the newest work's)
Writes CONTENT_DIR/works/<slug>.md with the next artwork_id; then fill in the description and links.`;

const { values } = parseCommandLine({
  usage,
  options: {
    title: { type: "string" },
    image: { type: "string" },
    series: { type: "string" },
    year: { type: "string" },
    chain: { type: "string" },
  },
});

await runCommand(usage, async () => {
  if (!values.title) throw new UsageError("Give the work's title with --title.");
  if (!values.image) throw new UsageError("Give the work's original image with --image.");
  const work = await addWork(
    { title: values.title, image: values.image, series: values.series, year: values.year, chain: values.chain },
    contentDir(),
  );
  console.log(
    [
      `Added artwork_id ${work.artworkId}: ${work.file}, with its image ${work.imageFile} (${work.width} x ${work.height}).`,
      ...(work.renamed ? ["Another work already had this title's file name, so this one is numbered."] : []),
      "",
      `Fill in, in ${work.file}:`,
      "  - the description, below the closing ---, as in the other works: Description:, the text,",
      "    then Additional information: with Edition, Medium, Printed size and Year lines",
      '  - mint_address and secondary_market: https:// links, or leave them ""',
      '  - availability: "Available" for now; series, year and chain if the defaults are wrong',
      "",
      `To see it: npm run dev and open http://localhost:3000/art/${work.slug} (npm start rebuilds first).`,
    ].join("\n"),
  );
});
