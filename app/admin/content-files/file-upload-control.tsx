import { useRef, useState } from "react";
import { formatBinaryFileSize } from "#app/format/file-size.ts";
import { MAX_AUDIO_BYTES, MAX_PDF_BYTES } from "#app/uploads/exhibition-file-kind.ts";
import { uploadedFileAnswer } from "./file-address.ts";
import styles from "./file-upload-control.module.css";

// The limits are binary megabytes (decision 048); sizes are put in words by app/format/file-size.ts.
const MB = 1024 * 1024;

/** The same limits as the server's, checked before sending so a too-big file never meets nginx's bare 413. */
export function sizeProblem(file: { size: number; name: string; type: string }): string | undefined {
  if (file.size === 0) return "This file is empty. Choose the file again.";
  const pdf = file.type === "application/pdf" || /\.pdf$/i.test(file.name);
  if (pdf && file.size > MAX_PDF_BYTES)
    return `This PDF is ${formatBinaryFileSize(file.size)}; the limit is ${MAX_PDF_BYTES / MB} MB. Export it with smaller images.`;
  if (file.size > MAX_AUDIO_BYTES)
    return `This file is ${formatBinaryFileSize(file.size)}; the limit is ${MAX_AUDIO_BYTES / MB} MB (${MAX_PDF_BYTES / MB} MB for a PDF). Export a recording as MP3 or M4A.`;
  return undefined;
}

type Progress =
  | { state: "idle" }
  | { state: "sending"; percent: number }
  | { state: "done"; message: string }
  | { state: "failed"; message: string };

interface UploadControlProps {
  /** The id of the text input that takes the address. */
  fieldId: string;
  /** The id of the input whose text names the file (the download's label, the audio's heading). */
  labelFieldId: string;
  /** The audio block's mime input, filled too. */
  mimeFieldId?: string;
  accept: string;
  /** Only recordings (an audio block): a PDF is refused beside the field, the field left as it was. */
  audioOnly?: boolean;
}

/**
 * Sends the file to /admin/content-files, saying how it goes through `report`; when stored,
 * writes its address into the field (and its type into the mime field). `answered` runs once the
 * server has answered, whatever it said.
 */
function sendFile(file: File, props: UploadControlProps, report: (progress: Progress) => void, answered: () => void) {
  const problem = sizeProblem(file);
  if (problem) {
    report({ state: "failed", message: problem });
    return;
  }
  const label = (document.getElementById(props.labelFieldId) as HTMLInputElement | null)?.value ?? "";
  const body = new FormData();
  body.set("file", file);
  const request = new XMLHttpRequest();
  request.open("POST", `/admin/content-files?label=${encodeURIComponent(label)}`);
  request.upload.onprogress = (event) => {
    if (event.lengthComputable) report({ state: "sending", percent: Math.floor((event.loaded / event.total) * 100) });
  };
  request.onerror = () =>
    report({ state: "failed", message: "The upload stopped (the connection was lost). Choose the file again." });
  request.onload = () => {
    let answer: unknown;
    try {
      answer = JSON.parse(request.responseText);
    } catch {
      answer = undefined;
    }
    const stored = uploadedFileAnswer.safeParse(answer);
    if (request.status === 201 && stored.success && props.audioOnly && stored.data.kind !== "audio") {
      report({
        state: "failed",
        message:
          "This is a PDF, and an audio block plays a recording: choose an MP3, M4A, OGG or WAV file (a PDF goes in a downloads block).",
      });
    } else if (request.status === 201 && stored.success) {
      const field = document.getElementById(props.fieldId) as HTMLInputElement | null;
      if (field) field.value = stored.data.href;
      const mime = props.mimeFieldId ? (document.getElementById(props.mimeFieldId) as HTMLInputElement | null) : null;
      if (mime) mime.value = stored.data.mime;
      report({
        state: "done",
        message: `Uploaded (${formatBinaryFileSize(stored.data.bytes)}): the field now holds its address. Save the draft or publish to keep it.`,
      });
    } else {
      const error = (answer as { error?: unknown } | undefined)?.error;
      report({
        state: "failed",
        message:
          typeof error === "string"
            ? error
            : request.status === 413
              ? `The file is too large for the server (at most ${MAX_AUDIO_BYTES / MB} MB).`
              : `The server did not take the file (status ${request.status}). Try again in a minute.`,
      });
    }
    answered();
  };
  report({ state: "sending", percent: 0 });
  request.send(body);
}

/**
 * "Upload file" beside a downloads block's href or an audio block's src (decision 048): sends the
 * chosen file to /admin/content-files and, when stored, writes its address into the field (and
 * its type into the audio block's mime field). Nothing else in the form changes, so nothing typed
 * is lost; the document is saved as usual. Progress and refusals are shown beside the field.
 */
export function FileUploadControl(props: UploadControlProps) {
  const [progress, setProgress] = useState<Progress>({ state: "idle" });
  const input = useRef<HTMLInputElement>(null);
  const id = `${props.fieldId}-upload`;

  return (
    <div className={styles.upload}>
      <label htmlFor={id}>Upload file</label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={props.accept}
        disabled={progress.state === "sending"}
        aria-describedby={`${id}-status`}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file)
            sendFile(file, props, setProgress, () => {
              if (input.current) input.current.value = "";
            });
        }}
      />
      <div id={`${id}-status`}>
        {progress.state === "sending" ? (
          <p role="status">
            <progress max={100} value={progress.percent} aria-label="Upload progress" /> Uploading... {progress.percent}
            %
          </p>
        ) : progress.state === "done" ? (
          <p role="status">{progress.message}</p>
        ) : progress.state === "failed" ? (
          <p role="alert" className={styles.problem}>
            {progress.message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
