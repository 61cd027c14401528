import { useEffect, useId, useRef, useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import enquiryStyles from "#app/admin/enquiries/enquiries.module.css";
import { CATALOGUE_PDF_PATH, ROOM_LIMITS, type RoomForm, type RoomFormErrors, type WorkChoice } from "./room-form.ts";
import styles from "./viewing-rooms.module.css";

/** The server's answer to the editor's form (room-editor-step.server.ts), as the page receives it. */
export interface EditorAnswerData {
  kind: "editor";
  form: RoomForm;
  errors: RoomFormErrors;
  message?: string;
  search?: string;
  results?: WorkChoice[];
  previewHtml?: string;
  latestRevision?: number;
  savedRevision?: number;
  baseRevision?: number;
}

/**
 * The room editor: one form that saves with a plain POST (so it works without JavaScript: the
 * search, add, move, remove and preview buttons are then steps answered by the server with the
 * form as typed). With JavaScript the page does those steps itself, searches through the admin
 * API, and works can also be dragged by their handle (mouse, pen or touch).
 */
export function RoomEditor({
  initial,
  answer,
  revision,
  hasPasscode,
  isNew,
  roomPath,
}: {
  initial: RoomForm;
  /** The room's own page, opened in a new tab to see another admin's version after a conflict. */
  roomPath?: string;
  answer?: EditorAnswerData;
  revision?: number;
  hasPasscode: boolean;
  isNew: boolean;
}) {
  const [form, setForm] = useState<RoomForm>(() => answer?.form ?? initial);
  const [baseRevision, setBaseRevision] = useState(() => answer?.baseRevision ?? revision);
  const [search, setSearch] = useState(answer?.search ?? "");
  const [results, setResults] = useState<WorkChoice[] | undefined>(answer?.results);
  const [announcement, setAnnouncement] = useState(answer?.message ?? "");
  const [hydrated, setHydrated] = useState(false);
  const errors = answer?.errors ?? {};
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent")?.toString().startsWith("save");
  const searchFetcher = useFetcher<{ results: WorkChoice[] }>();
  const previewFetcher = useFetcher<EditorAnswerData>();
  const focusAfter = useRef<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const drag = useRef<{ index: number; pointerId: number } | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  // The latest form, for the end of a drag (its handlers were made with an older one).
  const latestForm = useRef(form);
  latestForm.current = form;

  useEffect(() => setHydrated(true), []);

  // What the server answered to a save: the new revision, or why not.
  useEffect(() => {
    if (!answer) return;
    if (answer.savedRevision !== undefined) {
      setBaseRevision(answer.savedRevision);
      setForm((current) => ({ ...current, passcode: "", removePasscode: false }));
    }
    if (answer.message) setAnnouncement(answer.message);
    if (answer.results) setResults(answer.results);
  }, [answer]);

  useEffect(() => {
    if (searchFetcher.data?.results) {
      setResults(searchFetcher.data.results);
      setAnnouncement(
        searchFetcher.data.results.length === 0
          ? "No work matches."
          : `${searchFetcher.data.results.length} ${searchFetcher.data.results.length === 1 ? "work" : "works"} found.`,
      );
    }
  }, [searchFetcher.data]);

  // After a move by keyboard, the same button in the moved row keeps the focus.
  useEffect(() => {
    if (!focusAfter.current) return;
    const target = document.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(focusAfter.current)}"]`);
    focusAfter.current = null;
    target?.focus();
  });

  const set = <K extends keyof RoomForm>(key: K, value: RoomForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const setWork = (index: number, change: Partial<RoomForm["works"][number]>) =>
    setForm((current) => ({
      ...current,
      works: current.works.map((work, at) => (at === index ? { ...work, ...change } : work)),
    }));
  const setDownload = (index: number, change: Partial<RoomForm["downloads"][number]>) =>
    setForm((current) => ({
      ...current,
      downloads: current.downloads.map((row, at) => (at === index ? { ...row, ...change } : row)),
    }));

  function moveWork(from: number, to: number, focusKey?: string) {
    const work = form.works[from];
    if (!work) return;
    if (to < 0 || to >= form.works.length) {
      setAnnouncement(`${work.title} is already ${to < 0 ? "first" : "last"}.`);
      return;
    }
    const works = [...form.works];
    works.splice(from, 1);
    works.splice(to, 0, work);
    setForm({ ...form, works });
    if (focusKey) focusAfter.current = focusKey;
    setAnnouncement(`Moved ${work.title} to position ${to + 1} of ${works.length}.`);
  }

  function addWork(choice: WorkChoice) {
    if (form.works.some((work) => work.slug === choice.slug)) {
      setAnnouncement(`${choice.title} is already in the room.`);
      return;
    }
    if (form.works.length >= ROOM_LIMITS.works) {
      setAnnouncement(`A room holds at most ${ROOM_LIMITS.works} works.`);
      return;
    }
    setForm({ ...form, works: [...form.works, { slug: choice.slug, title: choice.title, note: "", price: "" }] });
    setAnnouncement(`Added ${choice.title} as work ${form.works.length + 1}.`);
  }

  function removeWork(index: number) {
    const work = form.works[index];
    if (!work) return;
    setForm({ ...form, works: form.works.filter((_, at) => at !== index) });
    setAnnouncement(`Removed ${work.title}.`);
    focusAfter.current = "search";
  }

  function runSearch() {
    const query = search.trim();
    if (!query) {
      setResults(undefined);
      return;
    }
    searchFetcher.load(`/admin/viewing-rooms/works?q=${encodeURIComponent(query.slice(0, ROOM_LIMITS.search))}`);
  }

  // Dragging by the handle: the row under the pointer's height takes the dragged work's place.
  // Moves and the release are followed on the window, since the dragged row (and its handle)
  // moves in the document as the order changes.
  function onHandleDown(event: React.PointerEvent<HTMLElement>, index: number) {
    if (event.button !== 0 || drag.current) return;
    event.preventDefault();
    const pointerId = event.pointerId;
    drag.current = { index, pointerId };
    setDragging(latestForm.current.works[index]?.slug ?? null);
    const onMove = (move: PointerEvent) => {
      const current = drag.current;
      if (!current || move.pointerId !== pointerId || !listRef.current) return;
      move.preventDefault();
      const rows = [...listRef.current.querySelectorAll<HTMLElement>(":scope > li")];
      let target = rows.length - 1;
      for (const [at, row] of rows.entries()) {
        const box = row.getBoundingClientRect();
        if (move.clientY < box.top + box.height / 2) {
          target = at;
          break;
        }
      }
      if (target !== current.index) {
        const from = current.index;
        current.index = target;
        setForm((state) => {
          const works = [...state.works];
          const [work] = works.splice(from, 1);
          if (work) works.splice(target, 0, work);
          return { ...state, works };
        });
      }
    };
    const onEnd = (end: PointerEvent) => {
      if (end.pointerId !== pointerId) return;
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerup", onEnd);
      window.removeEventListener("pointercancel", onEnd);
      const current = drag.current;
      drag.current = null;
      setDragging(null);
      if (!current) return;
      const works = latestForm.current.works;
      const work = works[current.index];
      if (work) setAnnouncement(`Moved ${work.title} to position ${current.index + 1} of ${works.length}.`);
    };
    window.addEventListener("pointermove", onMove, { passive: false });
    window.addEventListener("pointerup", onEnd);
    window.addEventListener("pointercancel", onEnd);
  }

  const preview = previewFetcher.data?.previewHtml ?? answer?.previewHtml;
  const conflict = answer?.latestRevision;
  const errorCount = Object.keys(errors).length;
  const ids = useId();
  const fieldProps = (name: string) => ({
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${ids}-${name}-error` : undefined,
  });
  const fieldError = (name: string) =>
    errors[name] ? (
      // Read as the field's description (aria-describedby), not a second time in its label.
      <span id={`${ids}-${name}-error`} className={styles.fieldError} aria-hidden="true">
        {errors[name]}
      </span>
    ) : null;

  return (
    <Form method="post" className={styles.editor} aria-label={isNew ? "New room" : "Edit room"} noValidate>
      {/* Enter in a field saves (the form's first submit button), never previews or searches. */}
      <button type="submit" name="intent" value="save" hidden tabIndex={-1}>
        Save
      </button>
      {baseRevision !== undefined ? <input type="hidden" name="revision" value={baseRevision} /> : null}

      {conflict !== undefined ? (
        <div className={styles.conflict} role="alert">
          <p>
            <strong>Not saved: this room was changed elsewhere</strong> (another tab or admin) after you opened it. What
            you typed is still here. Open the room in a new tab to see the other version, or keep yours.
          </p>
          <div className={styles.rowActions}>
            <button type="submit" name="intent" value={`save-over:${conflict}`} className="button">
              Save Mine Over Theirs
            </button>
            <a href={roomPath} target="_blank" rel="noopener" className={enquiryStyles.textLink}>
              Open Their Version in a New Tab
            </a>
          </div>
        </div>
      ) : errorCount > 0 ? (
        <p className={styles.formError} role="alert">
          {answer?.message ?? "Not saved: some fields need a change (marked below)."}
        </p>
      ) : null}

      <section className={enquiryStyles.panel} aria-labelledby={`${ids}-room`}>
        <h2 id={`${ids}-room`} className={enquiryStyles.sectionTitle}>
          Room
        </h2>
        <label className={enquiryStyles.field}>
          <span>Title</span>
          <input
            name="title"
            value={form.title}
            maxLength={ROOM_LIMITS.title}
            required
            onChange={(event) => set("title", event.target.value)}
            {...fieldProps("title")}
          />
          {fieldError("title")}
        </label>
        <label className={`${enquiryStyles.field} ${styles.spaced}`}>
          <span>Introduction (Markdown: *emphasis*, **strong**, [links](https://…), lists)</span>
          <textarea
            name="introduction"
            rows={7}
            value={form.introduction}
            maxLength={ROOM_LIMITS.introduction}
            onChange={(event) => set("introduction", event.target.value)}
            {...fieldProps("introduction")}
          />
          {fieldError("introduction")}
        </label>
        <div className={styles.rowActions}>
          <button
            type="submit"
            name="intent"
            value="preview"
            className="button button-ghost"
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              previewFetcher.submit({ intent: "preview", introduction: form.introduction }, { method: "post" });
            }}
          >
            Preview Introduction
          </button>
          <span className={enquiryStyles.hint}>
            {form.introduction.length.toLocaleString("en-US")} / {ROOM_LIMITS.introduction.toLocaleString("en-US")}
          </span>
        </div>
        {preview !== undefined ? (
          <section className={styles.preview} aria-label="Introduction preview">
            {preview ? (
              // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by the server and passed through the content sanitiser
              <div dangerouslySetInnerHTML={{ __html: preview }} />
            ) : (
              <p className={enquiryStyles.hint}>No introduction.</p>
            )}
          </section>
        ) : null}
      </section>

      <section className={enquiryStyles.panel} aria-labelledby={`${ids}-works`}>
        <h2 id={`${ids}-works`} className={enquiryStyles.sectionTitle}>
          Works ({form.works.length} of at most {ROOM_LIMITS.works})
        </h2>
        {fieldError("works")}
        {form.works.length === 0 ? (
          <p className={enquiryStyles.hint}>No works yet. Find them in the catalogue below.</p>
        ) : (
          <ol ref={listRef} className={styles.works} aria-label="Works in the room, in order">
            {form.works.map((work, index) => (
              <li key={work.slug} className={styles.work} data-dragging={dragging === work.slug || undefined}>
                <input type="hidden" name="workSlug" value={work.slug} />
                <div className={styles.workHead}>
                  {hydrated ? (
                    <span
                      className={styles.handle}
                      aria-hidden="true"
                      title="Drag to reorder"
                      onPointerDown={(event) => onHandleDown(event, index)}
                    >
                      ⋮⋮
                    </span>
                  ) : null}
                  <span className={styles.position}>{index + 1}.</span>
                  <span className={styles.workTitle}>{work.title}</span>
                  <span className={styles.workButtons}>
                    <button
                      type="submit"
                      name="intent"
                      value={`up:${index}`}
                      className={styles.iconButton}
                      aria-label={`Move ${work.title} up`}
                      data-focus-key={`${work.slug}:up`}
                      onClick={(event) => {
                        if (!hydrated) return;
                        event.preventDefault();
                        moveWork(index, index - 1, `${work.slug}:up`);
                      }}
                    >
                      ↑
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value={`down:${index}`}
                      className={styles.iconButton}
                      aria-label={`Move ${work.title} down`}
                      data-focus-key={`${work.slug}:down`}
                      onClick={(event) => {
                        if (!hydrated) return;
                        event.preventDefault();
                        moveWork(index, index + 1, `${work.slug}:down`);
                      }}
                    >
                      ↓
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value={`remove:${index}`}
                      className={`${styles.iconButton} ${styles.removeButton}`}
                      aria-label={`Remove ${work.title}`}
                      onClick={(event) => {
                        if (!hydrated) return;
                        event.preventDefault();
                        removeWork(index);
                      }}
                    >
                      Remove
                    </button>
                  </span>
                </div>
                {fieldError(`works.${index}.slug`)}
                <div className={styles.workFields}>
                  <label className={`${enquiryStyles.field} ${styles.grow}`}>
                    <span>Note shown in the room</span>
                    <input
                      name="workNote"
                      value={work.note}
                      maxLength={ROOM_LIMITS.note}
                      placeholder="Available to you until 31 January"
                      onChange={(event) => setWork(index, { note: event.target.value })}
                      {...fieldProps(`works.${index}.note`)}
                    />
                    {fieldError(`works.${index}.note`)}
                  </label>
                  <label className={`${enquiryStyles.field} ${styles.price}`}>
                    <span>Price</span>
                    <input
                      name="workPrice"
                      value={work.price}
                      maxLength={ROOM_LIMITS.price}
                      placeholder="on request"
                      onChange={(event) => setWork(index, { price: event.target.value })}
                      {...fieldProps(`works.${index}.price`)}
                    />
                    {fieldError(`works.${index}.price`)}
                  </label>
                </div>
              </li>
            ))}
          </ol>
        )}

        <search className={styles.search} aria-label="Find works in the catalogue">
          <label className={`${enquiryStyles.field} ${styles.grow}`}>
            <span>Find works by title or series</span>
            <input
              type="search"
              name="search"
              value={search}
              maxLength={ROOM_LIMITS.search}
              data-focus-key="search"
              onChange={(event) => setSearch(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter" && hydrated) {
                  event.preventDefault();
                  runSearch();
                }
              }}
              {...fieldProps("search")}
            />
            {fieldError("search")}
          </label>
          <button
            type="submit"
            name="intent"
            value="search"
            className="button button-ghost"
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              runSearch();
            }}
          >
            Find
          </button>
        </search>
        {results && results.length > 0 ? (
          <ul className={styles.results} aria-label="Works found">
            {results.map((choice) => {
              const added = form.works.some((work) => work.slug === choice.slug);
              return (
                <li key={choice.slug} className={styles.result}>
                  <span>
                    <span className={styles.workTitle}>{choice.title}</span>{" "}
                    <span className={enquiryStyles.hint}>
                      {choice.series} · {choice.year}
                    </span>
                  </span>
                  <button
                    type="submit"
                    name="intent"
                    value={`add:${choice.slug}`}
                    className="button button-ghost"
                    disabled={added}
                    aria-label={added ? `${choice.title} is in the room` : `Add ${choice.title}`}
                    onClick={(event) => {
                      if (!hydrated) return;
                      event.preventDefault();
                      addWork(choice);
                    }}
                  >
                    {added ? "Added" : "Add"}
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
      </section>

      <section className={enquiryStyles.panel} aria-labelledby={`${ids}-facts`}>
        <h2 id={`${ids}-facts`} className={enquiryStyles.sectionTitle}>
          What the room shows for each work
        </h2>
        <div className={styles.checks}>
          <label className={styles.check}>
            <input
              type="checkbox"
              name="showPrice"
              checked={form.showPrice}
              onChange={(event) => set("showPrice", event.target.checked)}
            />
            <span>Price (a work without one reads “Price on request”)</span>
          </label>
          <label className={styles.check}>
            <input
              type="checkbox"
              name="showAvailability"
              checked={form.showAvailability}
              onChange={(event) => set("showAvailability", event.target.checked)}
            />
            <span>Availability</span>
          </label>
          <label className={styles.check}>
            <input
              type="checkbox"
              name="showEdition"
              checked={form.showEdition}
              onChange={(event) => set("showEdition", event.target.checked)}
            />
            <span>Edition</span>
          </label>
        </div>
      </section>

      <section className={enquiryStyles.panel} aria-labelledby={`${ids}-downloads`}>
        <h2 id={`${ids}-downloads`} className={enquiryStyles.sectionTitle}>
          Downloads (optional)
        </h2>
        {fieldError("downloads")}
        {form.downloads.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
          <div key={index} className={styles.downloadRow}>
            <label className={`${enquiryStyles.field} ${styles.grow}`}>
              <span>Name</span>
              <input
                name="downloadLabel"
                value={row.label}
                maxLength={ROOM_LIMITS.downloadLabel}
                onChange={(event) => setDownload(index, { label: event.target.value })}
                {...fieldProps(`downloads.${index}.label`)}
              />
              {fieldError(`downloads.${index}.label`)}
            </label>
            <label className={`${enquiryStyles.field} ${styles.grow}`}>
              <span>Path on this site</span>
              <input
                name="downloadPath"
                value={row.path}
                maxLength={ROOM_LIMITS.downloadPath}
                placeholder="/files/…"
                onChange={(event) => setDownload(index, { path: event.target.value })}
                {...fieldProps(`downloads.${index}.path`)}
              />
              {fieldError(`downloads.${index}.path`)}
            </label>
            {hydrated ? (
              <button
                type="button"
                className={`${styles.iconButton} ${styles.removeButton}`}
                aria-label={`Remove download ${index + 1}`}
                onClick={() =>
                  set(
                    "downloads",
                    form.downloads.filter((_, at) => at !== index),
                  )
                }
              >
                Remove
              </button>
            ) : null}
          </div>
        ))}
        {hydrated ? null : (
          // Without JavaScript, one blank row to fill in; an empty row is ignored.
          <div className={styles.downloadRow}>
            <label className={`${enquiryStyles.field} ${styles.grow}`}>
              <span>Name</span>
              <input name="downloadLabel" defaultValue="" maxLength={ROOM_LIMITS.downloadLabel} />
            </label>
            <label className={`${enquiryStyles.field} ${styles.grow}`}>
              <span>Path on this site</span>
              <input name="downloadPath" defaultValue="" maxLength={ROOM_LIMITS.downloadPath} placeholder="/files/…" />
            </label>
          </div>
        )}
        {hydrated ? (
          <div className={styles.rowActions}>
            <button
              type="button"
              className="button button-ghost"
              disabled={form.downloads.length >= ROOM_LIMITS.downloads}
              onClick={() => set("downloads", [...form.downloads, { label: "", path: "" }])}
            >
              Add a Download
            </button>
            <button
              type="button"
              className="button button-ghost"
              disabled={
                form.downloads.length >= ROOM_LIMITS.downloads ||
                form.downloads.some((row) => row.path === CATALOGUE_PDF_PATH)
              }
              onClick={() =>
                set("downloads", [...form.downloads, { label: "Secrets catalogue (PDF)", path: CATALOGUE_PDF_PATH }])
              }
            >
              Add the Catalogue PDF
            </button>
          </div>
        ) : (
          <p className={enquiryStyles.hint}>The catalogue PDF is at {CATALOGUE_PDF_PATH}.</p>
        )}
      </section>

      <section className={enquiryStyles.panel} aria-labelledby={`${ids}-access`}>
        <h2 id={`${ids}-access`} className={enquiryStyles.sectionTitle}>
          Access
        </h2>
        <div className={styles.accessGrid}>
          <label className={enquiryStyles.field}>
            <span>{hasPasscode ? "New passcode (empty keeps the current one)" : "Passcode (optional)"}</span>
            <input
              type="password"
              name="passcode"
              autoComplete="new-password"
              value={form.passcode}
              maxLength={ROOM_LIMITS.passcodeMax}
              disabled={form.removePasscode}
              onChange={(event) => set("passcode", event.target.value)}
              {...fieldProps("passcode")}
            />
            {fieldError("passcode")}
            <span className={enquiryStyles.hint}>
              {hasPasscode ? "The room has a passcode. It is never shown again." : "Every link asks for it."}
            </span>
          </label>
          <label className={enquiryStyles.field}>
            <span>Expires (UTC, optional)</span>
            <input
              type="datetime-local"
              name="expiresAt"
              value={form.expiresAt}
              onChange={(event) => set("expiresAt", event.target.value)}
              {...fieldProps("expiresAt")}
            />
            {fieldError("expiresAt")}
          </label>
        </div>
        {hasPasscode ? (
          <label className={`${styles.check} ${styles.spaced}`}>
            <input
              type="checkbox"
              name="removePasscode"
              checked={form.removePasscode}
              onChange={(event) => set("removePasscode", event.target.checked)}
            />
            <span>Remove the passcode</span>
          </label>
        ) : null}
      </section>

      <div className={styles.saveBar}>
        <button type="submit" name="intent" value="save" className="button" disabled={saving}>
          {isNew ? "Create Room" : "Save Room"}
        </button>
        <p className={styles.announce} role="status" aria-live="polite">
          {saving ? "Saving…" : announcement}
        </p>
      </div>
    </Form>
  );
}
