import { Link } from "react-router";
import { Hero } from "#app/components/editorial/hero.tsx";
import { ImageGrid } from "#app/components/editorial/image-grid.tsx";
import { ImageTextRow } from "#app/components/editorial/image-text-row.tsx";
import { QuoteBlock } from "#app/components/editorial/quote-block.tsx";
import { Picture } from "#app/components/picture.tsx";
import { headingId } from "#app/exhibitions/block-text.ts";
import type { Exhibition } from "#app/exhibitions/exhibition.ts";
import type { ExhibitionBlock, ExhibitionBlockOf } from "#app/exhibitions/exhibition-blocks.ts";
import styles from "./exhibition-blocks.module.css";
import { InlineText, Paragraphs } from "./inline-text.tsx";
import { AudioBlock, DownloadsBlock, WorksBlock } from "./media-blocks.tsx";

/** An exhibition page's blocks in order; `downloadSizes` maps a download's href to its stated size. */
export function ExhibitionBlocks({
  exhibition,
  downloadSizes,
}: {
  exhibition: Exhibition;
  downloadSizes: Record<string, string>;
}) {
  const idOf = (item: { heading: string; id?: string }) => headingId(exhibition.idPrefix, item);
  return exhibition.blocks.map((block, index) => (
    // Blocks never move once the page is built, so their position is a stable key.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    <Block key={index} block={block} idOf={idOf} downloadSizes={downloadSizes} />
  ));
}

type IdOf = (item: { heading: string; id?: string }) => string;

function Block({
  block,
  idOf,
  downloadSizes,
}: {
  block: ExhibitionBlock;
  idOf: IdOf;
  downloadSizes: Record<string, string>;
}) {
  switch (block.type) {
    case "hero":
      return <Hero image={block.image} />;
    case "logo":
      return <LogoBlock block={block} />;
    case "lede":
      return <LedeBlock block={block} />;
    case "text":
      return <TextBlock block={block} idOf={idOf} />;
    case "sections":
      return <SectionsBlock block={block} idOf={idOf} />;
    case "image-rows":
      return <ImageRowsBlock block={block} idOf={idOf} />;
    case "gallery":
      return (
        <section aria-labelledby={idOf(block)}>
          <h2 id={idOf(block)}>{block.heading}</h2>
          <ImageGrid images={block.images} label={block.label} />
        </section>
      );
    case "quote":
      return <QuoteBlock text={block.text} cite={block.cite} />;
    case "list":
      return <ListBlock block={block} idOf={idOf} />;
    case "links":
      return <LinksBlock block={block} />;
    case "notes":
      return <NotesBlock block={block} idOf={idOf} />;
    case "audio":
      return <AudioBlock block={block} id={idOf(block)} />;
    case "downloads":
      return <DownloadsBlock block={block} id={idOf(block)} sizes={downloadSizes} />;
    case "works":
      return <WorksBlock block={block} id={idOf(block)} />;
  }
}

function TextBlock({ block, idOf }: { block: ExhibitionBlockOf<"text">; idOf: IdOf }) {
  if (!block.heading)
    return (
      <div className={styles.prose}>
        <Paragraphs paragraphs={block.paragraphs} />
      </div>
    );
  const id = idOf({ heading: block.heading, id: block.id });
  return (
    <section aria-labelledby={id} className={styles.prose}>
      <h2 id={id}>{block.heading}</h2>
      <Paragraphs paragraphs={block.paragraphs} />
    </section>
  );
}

function ListBlock({ block, idOf }: { block: ExhibitionBlockOf<"list">; idOf: IdOf }) {
  const List = block.ordered ? "ol" : "ul";
  return (
    <section aria-labelledby={idOf(block)}>
      <h2 id={idOf(block)}>{block.heading}</h2>
      <List className={styles.list}>
        {block.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </List>
    </section>
  );
}

function LogoBlock({ block }: { block: ExhibitionBlockOf<"logo"> }) {
  return (
    <div className={styles.logo}>
      <Picture
        collection={block.image.collection}
        name={block.image.name}
        alt={block.image.alt}
        sizes="280px"
        priority
      />
    </div>
  );
}

/** One paragraph stands alone; several keep their paragraphs. */
function LedeBlock({ block }: { block: ExhibitionBlockOf<"lede"> }) {
  return block.paragraphs.length === 1 ? (
    <p className={styles.lede}>
      <InlineText text={block.paragraphs[0]!} />
    </p>
  ) : (
    <div className={styles.lede}>
      <Paragraphs paragraphs={block.paragraphs} />
    </div>
  );
}

function SectionsBlock({ block, idOf }: { block: ExhibitionBlockOf<"sections">; idOf: IdOf }) {
  return (
    <div className={styles.prose}>
      {block.sections.map((section) => (
        <section key={section.heading} aria-labelledby={idOf(section)}>
          <h2 id={idOf(section)}>{section.heading}</h2>
          <Paragraphs paragraphs={section.paragraphs} />
        </section>
      ))}
      {block.closing ? <Paragraphs paragraphs={block.closing} /> : null}
    </div>
  );
}

/** Rows of image and text, the image on alternate sides. */
function ImageRowsBlock({ block, idOf }: { block: ExhibitionBlockOf<"image-rows">; idOf: IdOf }) {
  return block.rows.map((row, i) => (
    <section key={row.heading} aria-labelledby={idOf(row)}>
      <ImageTextRow image={row.image} imageSide={i % 2 === 0 ? "left" : "right"}>
        <h2 id={idOf(row)}>{row.heading}</h2>
        <Paragraphs paragraphs={row.paragraphs} />
        {row.link ? <Link to={row.link.href}>{row.link.label}</Link> : null}
      </ImageTextRow>
    </section>
  ));
}

function LinksBlock({ block }: { block: ExhibitionBlockOf<"links"> }) {
  return (
    <div className={styles.links}>
      {block.links.map((link) => (
        <a key={link.href} href={link.href} className="button button-ghost" target="_blank" rel="noreferrer">
          {link.label}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ))}
    </div>
  );
}

/** Notes in several languages, each marked with its own `lang`. */
function NotesBlock({ block, idOf }: { block: ExhibitionBlockOf<"notes">; idOf: IdOf }) {
  return (
    <section aria-labelledby={idOf(block)}>
      <h2 id={idOf(block)}>{block.heading}</h2>
      <div className={styles.notes}>
        {block.notes.map((note) => (
          <div key={note.lang} className={styles.note} lang={note.lang}>
            <h3>{note.label}</h3>
            {note.lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        ))}
      </div>
    </section>
  );
}
