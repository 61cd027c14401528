import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { formatBinaryFileSize } from "#app/format/file-size.ts";
import styles from "./new-work-form.module.css";

/** Where the form posts: the "New work" screen (admin.content.new-work.tsx), which takes the image too. */
export const NEW_WORK_ADDRESS = "/admin/content/new-work";

const MAX_IMAGE_BYTES = 40 * 1024 * 1024;

/**
 * A new work in one step: its title and, if the studio has it at hand, its image. A plain
 * multipart POST (it works without JavaScript); with it, a file over the limit is caught before
 * it is sent. A refusal comes back with the title kept (`title`), and the file is chosen again.
 */
export function NewWorkForm({ title, error, heading }: { title?: string; error?: string; heading?: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === NEW_WORK_ADDRESS;
  const [tooLarge, setTooLarge] = useState<string>();
  const problem = tooLarge ?? error;
  return (
    <Form
      method="post"
      action={NEW_WORK_ADDRESS}
      encType="multipart/form-data"
      className={styles.form}
      aria-labelledby="new-work-heading"
      onSubmit={(event) => {
        const file = new FormData(event.currentTarget).get("image");
        const large =
          file instanceof File && file.size > MAX_IMAGE_BYTES
            ? `This file is ${formatBinaryFileSize(file.size)}; the limit is 40 MB. Save a smaller copy and choose that.`
            : undefined;
        setTooLarge(large);
        if (large) event.preventDefault();
      }}
    >
      <h2 id="new-work-heading" className={heading ? styles.heading : "visually-hidden"}>
        New work
      </h2>
      <div className={styles.field}>
        <label htmlFor="new-work-title">New work's title</label>
        <input
          id="new-work-title"
          name="title"
          type="text"
          required
          maxLength={200}
          defaultValue={title}
          aria-describedby={problem ? "new-work-error" : undefined}
          aria-invalid={problem && !tooLarge && !title ? true : undefined}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor="new-work-image">Its image, if you have it (JPEG, PNG, WebP, AVIF or TIFF, at most 40 MB)</label>
        <input
          id="new-work-image"
          name="image"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/tiff"
          onChange={() => setTooLarge(undefined)}
          aria-describedby={problem ? "new-work-error" : undefined}
        />
      </div>
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Creating..." : "Create a work"}
      </button>
      {problem ? (
        <p id="new-work-error" role="alert" className={styles.problem}>
          {problem}
        </p>
      ) : null}
      <p className={styles.note}>
        The work starts as a hidden draft: nobody sees it, or its image, until you publish it and untick Hidden.
      </p>
    </Form>
  );
}
