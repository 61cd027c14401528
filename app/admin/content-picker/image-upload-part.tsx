import { useId, useRef, useState } from "react";
import { formatBinaryFileSize } from "#app/format/file-size.ts";
import styles from "./image-upload-part.module.css";
import type { PickerImage } from "./picker-images.ts";

/** Where the picker posts a new image (routes/admin.content-images.new.tsx). */
export const NEW_IMAGE_ADDRESS = "/admin/content-images/new";
/** The upload limit (inspect-upload.ts's MAX_UPLOAD_BYTES), checked here before a byte is sent. */
const MAX_IMAGE_BYTES = 40 * 1024 * 1024;
/** The server's MAX_DESCRIPTION (add-page-image.server.ts). */
const MAX_DESCRIPTION = 300;

/**
 * The picker's "Upload a new image" (issue 39): a file, its description (the alt text) and the
 * collection it joins. Sent as one multipart POST; the server declares the image and stores its
 * original in one step and answers it as the picker lists it, or with a sentence saying why not.
 */
export function ImageUploadPart({
  collections,
  defaultCollection,
  onUploaded,
}: {
  collections: readonly { value: string; label: string }[];
  defaultCollection: string;
  onUploaded: (image: PickerImage) => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");

  const fileInput = useRef<HTMLInputElement>(null);
  const descriptionInput = useRef<HTMLTextAreaElement>(null);
  const collectionInput = useRef<HTMLSelectElement>(null);

  async function upload() {
    const file = fileInput.current?.files?.[0];
    const description = descriptionInput.current?.value ?? "";
    if (!file || file.size === 0) return setProblem("Choose an image file (JPEG, PNG, WebP, AVIF or TIFF) to upload.");
    if (file.size > MAX_IMAGE_BYTES)
      return setProblem(
        `This file is ${formatBinaryFileSize(file.size)}; the limit is 40 MB. Save a smaller copy and choose that.`,
      );
    if (description.trim() === "")
      return setProblem("Describe the picture: the description is read aloud to people who cannot see it.");
    const data = new FormData();
    data.set("image", file);
    data.set("description", description);
    data.set("collection", collectionInput.current?.value ?? defaultCollection);
    setBusy(true);
    setProblem("");
    try {
      const response = await fetch(NEW_IMAGE_ADDRESS, { method: "POST", body: data, credentials: "same-origin" });
      const answer = (await response.json().catch(() => ({}))) as { image?: PickerImage; error?: string };
      if (response.ok && answer.image) onUploaded(answer.image);
      else setProblem(answer.error ?? `The upload was refused (${response.status}). Reload the page and try again.`);
    } catch {
      setProblem("The upload did not reach the server. Check the connection and upload again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <details className={styles.part}>
      <summary>Upload a new image</summary>
      {/* Not a <form>: the picker sits inside the document's form, and its fields have no names, so
          saving the document never sends them. */}
      {/* Its fields are named by the summary above them. */}
      <fieldset className={styles.form}>
        <label htmlFor={`${id}-file`}>The image (JPEG, PNG, WebP, AVIF or TIFF, at most 40 MB)</label>
        <input
          id={`${id}-file`}
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/tiff"
        />
        <label htmlFor={`${id}-description`}>Description</label>
        <p id={`${id}-description-hint`} className={styles.hint}>
          Read aloud to people who cannot see the picture: say what it shows, in a sentence.
        </p>
        <textarea
          id={`${id}-description`}
          ref={descriptionInput}
          rows={2}
          maxLength={MAX_DESCRIPTION}
          aria-describedby={`${id}-description-hint`}
        />
        <label htmlFor={`${id}-collection`}>It joins</label>
        <select id={`${id}-collection`} ref={collectionInput} defaultValue={defaultCollection}>
          {collections.map((collection) => (
            <option key={collection.value} value={collection.value}>
              {collection.label}
            </option>
          ))}
        </select>
        {problem ? (
          <p role="alert" className={styles.problem}>
            {problem}
          </p>
        ) : null}
        <div>
          <button type="button" className="button" disabled={busy} onClick={() => void upload()}>
            {busy ? "Uploading…" : "Upload and choose it"}
          </button>
        </div>
      </fieldset>
    </details>
  );
}
