import { useRef, useState } from "react";
import { Form } from "react-router";
import { ImagePickerDialog } from "#app/admin/content-picker/image-picker-dialog.tsx";
import type { PickerImage } from "#app/admin/content-picker/picker-images.ts";
import { useHydrated } from "#app/admin/content-picker/use-hydrated.ts";
import studio from "#app/admin/studio.module.css";
import { Field } from "#app/components/forms/field.tsx";
import styles from "./mailings.module.css";

export interface MailingRefused {
  intent: string;
  message: string;
  values?: { subject: string; body: string; topicKeys: string[]; webNoindex: boolean; sendAt: string };
}

interface EditorProps {
  mailing: { id: number; subject: string; body: string; topicKeys: string[]; webNoindex: boolean };
  topics: { key: string; label: string; confirmed: number }[];
  images: PickerImage[];
  reach: number;
  studioAddress: string;
  refused?: MailingRefused;
}

/**
 * The mailing's words, topics and the ways to send it: one plain POST form, so it works before
 * the page's script has loaded; each button names its intent. With JavaScript, "Insert an Image"
 * opens the site's image picker and writes the image where the cursor is; the studio never types
 * a file name.
 */
export function MailingEditor({ mailing, topics, images, reach, studioAddress, refused }: EditorProps) {
  const values = refused?.values;
  const chosen = new Set(values ? values.topicKeys : mailing.topicKeys);
  const body = useRef<HTMLTextAreaElement>(null);
  const [picking, setPicking] = useState(false);
  const hydrated = useHydrated();
  const insertImage = (value: string) => {
    setPicking(false);
    const area = body.current;
    const image = images.find((entry) => entry.value === value);
    if (!area || !image) return;
    const markdown = `![${image.alt.replace(/[[\]]/g, "")}](image:${image.value})`;
    const at = area.selectionStart ?? area.value.length;
    area.value = `${area.value.slice(0, at)}\n${markdown}\n${area.value.slice(at)}`;
    area.focus();
  };
  return (
    <Form method="post" aria-label="The mailing" className={studio.panel} preventScrollReset>
      {refused ? (
        <p className={styles.refused} role="alert">
          {refused.message}
        </p>
      ) : null}
      <Field label="Subject" className={studio.field}>
        {(control) => (
          <input
            {...control}
            name="subject"
            defaultValue={values?.subject ?? mailing.subject}
            maxLength={150}
            required
            autoComplete="off"
          />
        )}
      </Field>
      <TopicChoices topics={topics} chosen={chosen} />
      <Field
        label="Text"
        hint="Markdown: a blank line between paragraphs, **bold**, [a link](/art/the-new-god). Images come from the site's own."
        className={studio.field}
      >
        {(control) => (
          <textarea
            {...control}
            ref={body}
            name="body"
            rows={16}
            defaultValue={values?.body ?? mailing.body}
            maxLength={50_000}
          />
        )}
      </Field>
      {hydrated ? (
        <p>
          <button type="button" className="button button-ghost" onClick={() => setPicking(true)}>
            Insert an Image
          </button>
        </p>
      ) : null}
      {picking ? (
        <ImagePickerDialog
          title="Insert an image"
          images={images}
          onChoose={insertImage}
          onClose={() => setPicking(false)}
        />
      ) : null}
      <label className={styles.choice}>
        <input type="checkbox" name="webNoindex" defaultChecked={values?.webNoindex ?? mailing.webNoindex} />
        Ask search engines not to list its web version
      </label>
      <div className={styles.buttons}>
        <button type="submit" name="intent" value="save" className="button button-ghost">
          Save Draft
        </button>
        <button type="submit" name="intent" value="send-test" className="button button-ghost">
          Send a Test to {studioAddress}
        </button>
      </div>
      <SendPanel reach={reach} sendAt={values?.sendAt} />
    </Form>
  );
}

/** The topics a mailing goes to, with who each reaches now. */
function TopicChoices({ topics, chosen }: { topics: EditorProps["topics"]; chosen: ReadonlySet<string> }) {
  return (
    <fieldset className={styles.topics}>
      <legend>Send to</legend>
      {topics.map((topic) => (
        <label key={topic.key} className={styles.choice}>
          <input type="checkbox" name="topic" value={topic.key} defaultChecked={chosen.has(topic.key)} />
          {topic.label} <span className={styles.muted}>({topic.confirmed} confirmed)</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Send now to everyone on the topics (each once), or at a time. */
function SendPanel({ reach, sendAt }: { reach: number; sendAt?: string }) {
  return (
    <section className={styles.send} aria-labelledby="send-heading">
      <h2 id="send-heading" className={studio.sectionTitle}>
        Send
      </h2>
      <p className={studio.hint}>
        {reach === 0
          ? "No confirmed subscriber holds the chosen topics yet."
          : `Sent now, it reaches ${reach} confirmed subscriber${reach === 1 ? "" : "s"}, each once.`}{" "}
        Saving first is not needed: sending saves what is above.
      </p>
      <div className={styles.buttons}>
        <button type="submit" name="intent" value="send" className="button">
          Send to Subscribers Now
        </button>
      </div>
      <Field label="Or send by itself at (UTC)" className={studio.field}>
        {(control) => <input {...control} type="datetime-local" name="sendAt" defaultValue={sendAt ?? ""} />}
      </Field>
      <button type="submit" name="intent" value="schedule" className="button button-ghost">
        Schedule
      </button>
    </section>
  );
}
