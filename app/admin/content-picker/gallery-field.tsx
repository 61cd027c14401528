import { type PointerEvent as ReactPointerEvent, type RefObject, useEffect, useRef, useState } from "react";
import { ErrorList } from "#app/components/forms/error-list.tsx";
import { ImageChoiceSelect } from "./image-choice-select.tsx";
import styles from "./image-picker.module.css";
import { ImagePickerDialog, Thumbnail } from "./image-picker-dialog.tsx";
import { expandPattern, GALLERY_PATTERN, type PickerImage } from "./picker-images.ts";
import { useSiteImages } from "./uploaded-images.tsx";
import { useDragReorder } from "./use-drag-reorder.ts";
import { useHydrated } from "./use-hydrated.ts";

interface Item {
  key: number;
  value: string;
}

/**
 * A gallery's images (issue 39): a list of thumbnails to add (through the picker), remove and
 * put in order, by dragging a thumbnail's handle or with its Up and Down buttons. Posted as the
 * form's other lists are (`_item` markers, `blocks.3.images.0`), so the same buttons work without
 * JavaScript; with it they change the list in place. A gallery written "collection/prefix*" is
 * shown as its images and stays so until they change (`_pattern`, form-values.server.ts).
 */
export function GalleryField({
  name,
  label,
  value,
  images: drawnWith,
  errors,
}: {
  name: string;
  label: string;
  value: unknown;
  images: readonly PickerImage[];
  errors: Record<string, string>;
}) {
  const hydrated = useHydrated();
  const { images, add } = useSiteImages(drawnWith);
  const pattern = typeof value === "string" ? value : undefined;
  const initial =
    pattern !== undefined ? expandPattern(pattern, images) : Array.isArray(value) ? value.map(String) : [];
  const [items, setItems] = useState<Item[]>(() => initial.map((entry, key) => ({ key, value: entry })));
  const nextKey = useRef(initial.length);
  const [said, say] = useState("");
  const list = useRef<HTMLOListElement>(null);
  const focusAfter = useFocusAfter(list);
  const altOf = (entry: string) => images.find((image) => image.value === entry)?.alt ?? "An unknown image";

  function move(from: number, to: number) {
    setItems((current) => {
      if (to < 0 || to >= current.length) return current;
      const next = [...current];
      const [moved] = next.splice(from, 1);
      if (moved) next.splice(to, 0, moved);
      return next;
    });
  }
  const drag = useDragReorder(list, move, (index) => say(`Moved to ${index + 1} of ${items.length}.`));

  return (
    <fieldset className={styles.gallery} id={`f-${name}`}>
      <legend>{label}</legend>
      <ErrorList id={`e-${name}`} errors={errors[name]} className={styles.error} />
      {pattern !== undefined ? (
        <input type="hidden" name={`${GALLERY_PATTERN}.${name}`} value={`${pattern}|${initial.join(" ")}`} />
      ) : null}
      <ol className={styles.galleryList} ref={list}>
        {items.map((item, index) => (
          <GalleryItem
            key={item.key}
            item={item}
            index={index}
            count={items.length}
            name={name}
            alt={altOf(item.value)}
            image={images.find((image) => image.value === item.value)}
            images={images}
            hydrated={hydrated}
            error={errors[`${name}.${index}`]}
            dragging={drag.dragging === index}
            onDragStart={(event) => drag.start(index, event)}
            onMove={(to, action) => {
              focusAfter.current = { key: item.key, action };
              move(index, to);
              const moved = items[index];
              if (moved) say(`${altOf(moved.value)}: now ${to + 1} of ${items.length}.`);
            }}
            onRemove={() => {
              const after = items[index + 1] ?? items[index - 1];
              if (after) focusAfter.current = { key: after.key, action: "remove" };
              setItems((current) => current.filter((entry) => entry.key !== item.key));
              say(`Removed ${altOf(item.value)}.`);
            }}
          />
        ))}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
      <AddImage
        name={name}
        title={`Add an image to ${label.toLowerCase()}`}
        images={images}
        onAdd={(picked, alt = altOf(picked)) => {
          const key = nextKey.current++;
          setItems((current) => [...current, { key, value: picked }]);
          say(`Added ${alt}.`);
        }}
        onUploaded={add}
      />
    </fieldset>
  );
}

/** "Add an image": the picker with JavaScript, the server's `add:` (an empty item to choose) without. */
function AddImage(props: {
  name: string;
  title: string;
  images: readonly PickerImage[];
  onAdd: (value: string, alt?: string) => void;
  onUploaded: (image: PickerImage) => void;
}) {
  const [picking, setPicking] = useState(false);
  return (
    <>
      <button
        type="submit"
        name="intent"
        value={`add:${props.name}`}
        className="button button-ghost"
        onClick={(event) => {
          event.preventDefault();
          setPicking(true);
        }}
      >
        Add an image
      </button>
      {picking ? (
        <ImagePickerDialog
          title={props.title}
          images={props.images}
          onChoose={(picked) => {
            props.onAdd(picked);
            setPicking(false);
          }}
          onClose={() => setPicking(false)}
          onUploaded={(uploaded) => {
            props.onUploaded(uploaded);
            props.onAdd(uploaded.value, uploaded.alt);
            setPicking(false);
          }}
        />
      ) : null}
    </>
  );
}

function GalleryItem(props: {
  item: Item;
  index: number;
  count: number;
  name: string;
  alt: string;
  image: PickerImage | undefined;
  images: readonly PickerImage[];
  hydrated: boolean;
  error: string | undefined;
  dragging: boolean;
  onDragStart: (event: ReactPointerEvent) => void;
  onMove: (to: number, action: "up" | "down") => void;
  onRemove: () => void;
}) {
  const { item, index, count, name, alt } = props;
  const itemName = `${name}.${index}`;
  const named = `image ${index + 1} (${alt})`;
  const button = (action: "up" | "down" | "remove", text: string, run: () => void, disabled = false) => (
    <button
      type="submit"
      name="intent"
      value={`${action}:${itemName}`}
      data-action={action}
      className="button button-ghost"
      disabled={disabled}
      aria-label={`${text === "Remove" ? "Remove" : `Move ${text.toLowerCase()}`} ${named}`}
      onClick={(event) => {
        event.preventDefault();
        run();
      }}
    >
      {text}
    </button>
  );
  return (
    <li data-key={item.key} className={props.dragging ? styles.dragging : styles.galleryItem}>
      <input type="hidden" name="_item" value={itemName} />
      {props.hydrated ? (
        <span
          className={`${styles.thumb} ${styles.handle}`}
          onPointerDown={props.onDragStart}
          title="Drag to reorder"
          aria-hidden="true"
          data-drag-handle
        >
          <Thumbnail image={props.image} />
        </span>
      ) : (
        <span className={styles.thumb}>
          <Thumbnail image={props.image} />
        </span>
      )}
      <span className={styles.galleryAlt}>
        {props.hydrated ? alt : null}
        {props.hydrated ? (
          <input type="hidden" name={itemName} value={item.value} />
        ) : (
          <ImageChoiceSelect
            name={itemName}
            value={item.value}
            images={props.images}
            optional={false}
            label={`Image ${index + 1}`}
          />
        )}
        <ErrorList id={`e-${itemName}`} errors={props.error} className={styles.error} />
      </span>
      <span className={styles.galleryActions}>
        {button("up", "Up", () => props.onMove(index - 1, "up"), index === 0)}
        {button("down", "Down", () => props.onMove(index + 1, "down"), index === count - 1)}
        {button("remove", "Remove", props.onRemove)}
      </span>
    </li>
  );
}

/**
 * Where the focus goes once the list is redrawn: the moved image's same button (its other one at
 * an end), or the next image's Remove after a removal, so the keyboard keeps its place.
 */
function useFocusAfter(list: RefObject<HTMLOListElement | null>) {
  const wanted = useRef<{ key: number; action: string } | undefined>(undefined);
  useEffect(() => {
    const target = wanted.current;
    if (!target) return;
    wanted.current = undefined;
    const row = list.current?.querySelector<HTMLElement>(`[data-key="${target.key}"]`);
    const buttons = [...(row?.querySelectorAll<HTMLButtonElement>("button[data-action]") ?? [])];
    const same = buttons.find((button) => button.dataset.action === target.action && !button.disabled);
    (same ?? buttons.find((button) => !button.disabled))?.focus();
  });
  return wanted;
}
