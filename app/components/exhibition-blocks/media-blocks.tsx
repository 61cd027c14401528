import { Link } from "react-router";
import { Picture } from "#app/components/picture.tsx";
import type { ExhibitionBlockOf } from "#app/exhibitions/exhibition-blocks.ts";
import styles from "./exhibition-blocks.module.css";

export function AudioBlock({ block, id }: { block: ExhibitionBlockOf<"audio">; id: string }) {
  return (
    <section aria-labelledby={id} className={styles.audio}>
      <h2 id={id}>{block.heading}</h2>
      <p>{block.caption}</p>
      {/* biome-ignore lint/a11y/useMediaCaption: a transcript, when there is one, follows as text; the stand-in is wordless */}
      <audio controls preload="none">
        <source src={block.src} type={block.mime} />
        <a href={block.src}>Download the recording</a>
      </audio>
      {block.note ? <p className={styles.audioNote}>{block.note}</p> : null}
      {block.transcript ? (
        <details>
          <summary>Transcript</summary>
          {block.transcript.map((p) => (
            <p key={p.slice(0, 24)}>{p}</p>
          ))}
        </details>
      ) : null}
    </section>
  );
}

const fileType = (href: string) => href.slice(href.lastIndexOf(".") + 1).toUpperCase();

export function DownloadsBlock({
  block,
  id,
  sizes,
}: {
  block: ExhibitionBlockOf<"downloads">;
  id: string;
  sizes: Record<string, string>;
}) {
  return (
    <section aria-labelledby={id} className={styles.download}>
      <h2 id={id}>{block.heading}</h2>
      {block.text ? <p>{block.text}</p> : null}
      {block.files.map((file) => (
        <a key={file.href} href={file.href} className="button" download>
          {`${file.label} (${fileType(file.href)}${sizes[file.href] ? `, ${sizes[file.href]}` : ""})`}
        </a>
      ))}
    </section>
  );
}

export function WorksBlock({ block, id }: { block: ExhibitionBlockOf<"works">; id: string }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{block.heading}</h2>
      <ul className={styles.works}>
        {block.works.map((work) => (
          <li key={work.slug}>
            <Link to={`/art/${work.slug}`} className={styles.work}>
              <span className={styles.workImage}>
                <Picture
                  collection="artworks"
                  name={work.image}
                  alt=""
                  sizes="(max-width: 768px) 50vw, 300px"
                  className={styles.workPicture}
                />
              </span>
              <span className={styles.workTitle}>{work.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
