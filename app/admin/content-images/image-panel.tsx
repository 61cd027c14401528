import { useState } from "react";
import { useFetcher, useSearchParams } from "react-router";
import { authorName } from "#app/admin/content/author-name.ts";
import { formatWhen } from "#app/enquiries/enquiry-words.ts";
import { formatBinaryFileSize } from "#app/format/file-size.ts";
import styles from "./image-panel.module.css";
import type { ImagePanelData } from "./image-panel.server.ts";

const FORMAT_WORDS: Record<string, string> = {
  avif: "AVIF",
  webp: "WebP",
  jpg: "JPEG",
  jpeg: "JPEG",
  png: "PNG",
  tiff: "TIFF",
};

const STATUS: Record<string, string> = {
  uploaded: "Uploaded: the site shows the new image now. Its sizes are being made in the background.",
  restored: "Restored: the site shows that image again.",
  unchanged: "That file is already the image shown: nothing changed.",
};

const MAX_IMAGE_BYTES = 40 * 1024 * 1024;

function imageSizeProblem(bytes: number): string | undefined {
  if (bytes <= MAX_IMAGE_BYTES) return undefined;
  return `This file is ${formatBinaryFileSize(bytes)}; the limit is 40 MB. Save a smaller copy and upload that.`;
}

/** What the panel says after an upload or restore: a new work's image is not live until the work is. */
function statusAfter(outcome: string, panel: ImagePanelData): string | undefined {
  if (outcome !== "uploaded") return STATUS[outcome];
  if (panel.unpublished)
    return "Uploaded: this is the work's image. Nobody sees it until you publish the work and untick Hidden.";
  return panel.zoomReady !== undefined
    ? "Uploaded: the site shows the new image now. Its sizes and zoom are being made in the background."
    : STATUS[outcome];
}

/**
 * The editor's Image panel for a work (or a page image): the image shown now, its derived sizes
 * (made or still being made), Upload/Replace, and every earlier original with Restore. Posts to
 * /admin/content-images/... (admin.content-images.$.tsx), which answers a refusal's sentence.
 */
export function ImagePanel({ panel, titled = false }: { panel: ImagePanelData; titled?: boolean }) {
  const upload = useFetcher<{ error?: string }>();
  const restore = useFetcher<{ error?: string }>();
  const [params] = useSearchParams();
  const outcome = params.get("image") ?? "";
  const status = statusAfter(outcome, panel);
  // Checked in the browser before sending: a file over the limit never meets nginx's bare 413 page.
  const [tooLarge, setTooLarge] = useState<string>();
  const error = tooLarge ?? upload.data?.error ?? restore.data?.error;
  const busy = upload.state !== "idle" || restore.state !== "idle";
  const verb = panel.uploaded ? "Replace" : "Upload";
  // One panel per image on a page-image list: ids and names must tell them apart.
  const id = `image-${panel.image.name}`;
  // Only the panel whose image just changed says so.
  const changed = params.get("changed") === panel.image.name;
  const heading = <h2 id={`${id}-heading`}>{titled ? `Image: ${panel.image.name}` : "Image"}</h2>;
  const body = (
    <div className={styles.panel}>
      <div className={styles.preview}>
        {titled ? null : heading}
        <img
          src={panel.preview}
          alt={`What the site shows for ${panel.image.name} now`}
          width={panel.width}
          height={panel.height}
          loading="lazy"
        />
        <p>
          {panel.uploaded
            ? `Uploaded ${FORMAT_WORDS[panel.format ?? ""] ?? ""}, ${panel.width} x ${panel.height} px.`
            : panel.unpublished
              ? "No image yet: choose the work's image here. The site draws a stand-in until there is one."
              : "No image uploaded yet: the site shows the build's image or a drawn stand-in."}
        </p>
      </div>
      <div>
        {status && changed && !error ? (
          <p role="status" className={styles.status}>
            {status}
          </p>
        ) : null}
        {error ? (
          <p role="alert" className={styles.problem} id={`${id}-problem`}>
            {error}
          </p>
        ) : null}
        <upload.Form
          key={panel.revision}
          method="post"
          action={panel.uploadTo}
          encType="multipart/form-data"
          className={styles.upload}
          onSubmit={(event) => {
            const file = new FormData(event.currentTarget).get("image");
            const problem = file instanceof File ? imageSizeProblem(file.size) : undefined;
            setTooLarge(problem);
            if (problem) event.preventDefault();
          }}
        >
          <input type="hidden" name="baseRevision" value={panel.revision} />
          <label htmlFor={`${id}-file`}>Image file (JPEG, PNG, WebP, AVIF or TIFF, at most 40 MB)</label>
          <input
            id={`${id}-file`}
            type="file"
            name="image"
            accept="image/jpeg,image/png,image/webp,image/avif,image/tiff"
            required
            onChange={() => setTooLarge(undefined)}
            aria-describedby={error ? `${id}-problem` : undefined}
          />
          <button type="submit" className="button" disabled={busy}>
            {upload.state !== "idle" ? "Uploading..." : verb}
          </button>
        </upload.Form>
        <DerivedSizes panel={panel} />
        {panel.history.length > 0 ? <EarlierImages panel={panel} restore={restore} busy={busy} /> : null}
      </div>
    </div>
  );
  // A page-image list has many: each folds away, open when it just changed or was refused.
  return titled ? (
    <section className={styles.fold} aria-labelledby={`${id}-heading`}>
      <details open={changed || Boolean(error)}>
        <summary>
          {heading}
          <span>{panel.uploaded ? "uploaded" : "the build's image"}</span>
        </summary>
        {body}
      </details>
    </section>
  ) : (
    <section className={styles.single} aria-labelledby={`${id}-heading`}>
      {body}
    </section>
  );
}

/** The image's derived sizes, each a link, made or still being made, and its zoom when it has one. */
function DerivedSizes({ panel }: { panel: ImagePanelData }) {
  return (
    <>
      <h3>Derived sizes</h3>
      <ul className={styles.sizes}>
        {panel.sizes.map((size) => (
          <li key={size.width}>
            <span>{size.width} px:</span>
            {size.formats.map((format) => (
              <a key={format.format} href={format.url} className={format.ready ? undefined : styles.pending}>
                {FORMAT_WORDS[format.format]} {format.ready ? "made" : panel.uploaded ? "being made" : "not made yet"}
              </a>
            ))}
          </li>
        ))}
        {panel.zoomReady !== undefined ? (
          <li>Zoom: {panel.zoomReady ? "made" : panel.uploaded ? "being made" : "not made yet"}</li>
        ) : null}
      </ul>
      <p className={styles.note}>Sizes not made yet are made when first asked for; reload to see progress.</p>
    </>
  );
}

/** Every earlier original, each with Restore but the one shown now. */
function EarlierImages({
  panel,
  restore,
  busy,
}: {
  panel: ImagePanelData;
  restore: ReturnType<typeof useFetcher<{ error?: string }>>;
  busy: boolean;
}) {
  return (
    <>
      <h3>Earlier images</h3>
      <ol className={styles.history}>
        {panel.history.map((entry) => (
          <li key={entry.revision}>
            <span>
              Image {entry.revision}: {entry.action} by {authorName(entry.author)},{" "}
              <time dateTime={new Date(entry.createdAt).toISOString()}>{formatWhen(new Date(entry.createdAt))}</time> (
              {FORMAT_WORDS[entry.format] ?? entry.format}, {entry.width} x {entry.height} px)
            </span>
            {entry.current ? (
              <span>Shown now</span>
            ) : (
              <restore.Form method="post" action={panel.uploadTo} encType="multipart/form-data">
                <input type="hidden" name="intent" value="restore" />
                <input type="hidden" name="revision" value={entry.revision} />
                <input type="hidden" name="baseRevision" value={panel.revision} />
                <button type="submit" className="button button-ghost" disabled={busy}>
                  Restore image {entry.revision}
                </button>
              </restore.Form>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
