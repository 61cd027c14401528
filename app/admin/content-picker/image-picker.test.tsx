// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { fieldIds } from "#app/components/forms/field-ids.ts";
import { formMap, valueFromForm } from "../content/form-values.server.ts";
import { GalleryField } from "./gallery-field.tsx";
import { ImageField } from "./image-field.tsx";
import type { PickerImage } from "./picker-images.ts";

const images: PickerImage[] = [
  ["solo-london", "feature", "The long wall of Secrets at night"],
  ["solo-london", "documentation-01", "Visitors in the first room"],
  ["solo-london", "documentation-02", "The bedroom print under a spotlight"],
  ["solo-london", "documentation-03", "A child reading the wall text"],
  ["miami", "booth", "The Miami booth from the aisle"],
].map(([collection = "", name = "", alt = ""]) => ({
  value: `${collection}/${name}`,
  collection,
  name,
  alt,
  thumbnail: `/img/${collection}-400/${name}.jpg`,
  aspect: 1.5,
}));

afterEach(() => {
  cleanup();
  document.body.replaceChildren();
});

/** What the form posts, as the server reads it. */
function posted(form: HTMLFormElement): Map<string, string[]> {
  return formMap(new FormData(form) as unknown as Iterable<[string, FormDataEntryValue]>);
}

function imageField(value: string, optional = false) {
  const ids = fieldIds({ id: "f-blocks.1.image", errorId: "e-blocks.1.image" });
  return (
    <form>
      <ImageField
        name="blocks.1.image"
        label={<label htmlFor="f-blocks.1.image">Image</label>}
        fieldLabel="Image"
        value={value}
        optional={optional}
        ids={ids}
        images={images}
        error={null}
        keep={null}
      />
    </form>
  );
}

describe("an image field", () => {
  it("without JavaScript is a choice of the site's images by collection, named by their alt text, no path shown", () => {
    document.body.innerHTML = renderToString(imageField("solo-london/feature"));
    const select = document.querySelector("select") as HTMLSelectElement;
    expect(select.value).toBe("solo-london/feature");
    expect([...select.querySelectorAll("optgroup")].map((group) => group.label)).toEqual(["Solo london", "Miami"]);
    expect(document.body.textContent).toContain("The long wall of Secrets at night");
    expect(document.body.textContent).not.toContain("solo-london/");
    expect(document.querySelector("img")?.getAttribute("src")).toBe("/img/solo-london-400/feature.jpg");
  });

  it("opens the picker, searches it, and writes the chosen image into the form", () => {
    const { container } = render(imageField("solo-london/feature"));
    expect(screen.queryByText("The long wall of Secrets at night")).not.toBeNull();
    fireEvent.click(screen.getByRole("button", { name: /Choose another image/ }));
    const dialog = screen.getByRole("dialog", { name: "Choose the image" });
    fireEvent.change(within(dialog).getByLabelText("Search the site's images"), { target: { value: "miami booth" } });
    const tiles = within(dialog).getAllByRole("button", { pressed: false });
    expect(tiles.map((tile) => tile.textContent)).toEqual(["The Miami booth from the aisle"]);
    fireEvent.click(tiles[0] as HTMLElement);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByText("The Miami booth from the aisle")).not.toBeNull();
    const form = container.querySelector("form") as HTMLFormElement;
    expect(posted(form).get("blocks.1.image")).toEqual(["miami/booth"]);
  });

  it("an optional image can be removed, posting an empty value", () => {
    const { container } = render(imageField("miami/booth", true));
    fireEvent.click(screen.getByRole("button", { name: "Remove image" }));
    expect(screen.queryByText("No image chosen")).not.toBeNull();
    expect(posted(container.querySelector("form") as HTMLFormElement).get("blocks.1.image")).toEqual([""]);
  });
});

const gallerySpec = {
  kind: "object" as const,
  fields: [
    {
      key: "images",
      label: "Images",
      optional: false,
      spec: {
        kind: "list" as const,
        item: { kind: "text" as const, multiline: false, image: true },
        min: 1,
        gallery: true,
      },
    },
  ],
};

function gallery(value: unknown) {
  return render(
    <form>
      <GalleryField name="images" label="Images" value={value} images={images} errors={{}} />
    </form>,
  );
}

function readBack(container: HTMLElement, intent?: string) {
  const form = posted(container.querySelector("form") as HTMLFormElement);
  if (intent) form.set("intent", [intent]);
  return valueFromForm(gallerySpec, form).value;
}

function altsShown(): string[] {
  return screen.getAllByRole("listitem").map((item) => item.textContent ?? "");
}

describe("a gallery", () => {
  it('shows "collection/prefix*" as its thumbnails and posts the pattern back while they are unchanged', () => {
    const { container } = gallery("solo-london/documentation-*");
    expect(container.querySelectorAll("li img")).toHaveLength(3);
    expect(altsShown()[0]).toContain("Visitors in the first room");
    expect(readBack(container)).toEqual({ images: "solo-london/documentation-*" });
  });

  it("moves an image down and up from the keyboard's buttons, the focus following it, and posts the new order", () => {
    const { container } = gallery("solo-london/documentation-*");
    const down = screen.getByRole("button", { name: "Move down image 1 (Visitors in the first room)" });
    act(() => down.focus());
    fireEvent.click(down);
    expect(altsShown().map((alt) => alt.slice(0, 12))).toEqual(["The bedroom ", "Visitors in ", "A child read"]);
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Move down image 2 (Visitors in the first room)");
    expect(readBack(container)).toEqual({
      images: ["solo-london/documentation-02", "solo-london/documentation-01", "solo-london/documentation-03"],
    });
    fireEvent.click(screen.getByRole("button", { name: "Move up image 2 (Visitors in the first room)" }));
    expect(readBack(container)).toEqual({ images: "solo-london/documentation-*" });
  });

  it("removes an image and adds one through the picker", () => {
    const { container } = gallery(["solo-london/documentation-01", "solo-london/documentation-02"]);
    fireEvent.click(screen.getByRole("button", { name: "Remove image 1 (Visitors in the first room)" }));
    fireEvent.click(screen.getByRole("button", { name: "Add an image" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: /Miami booth/ }));
    expect(readBack(container)).toEqual({ images: ["solo-london/documentation-02", "miami/booth"] });
  });

  it("reorders by dragging a thumbnail with a pointer (a finger at 1024)", () => {
    const { container } = gallery("solo-london/documentation-*");
    const rows = [...container.querySelectorAll<HTMLElement>("li")];
    rows.forEach((row, index) => {
      row.getBoundingClientRect = () => ({ top: index * 100, height: 100, bottom: index * 100 + 100 }) as DOMRect;
    });
    const handle = rows[0]?.querySelector("[data-drag-handle]") as HTMLElement;
    fireEvent.pointerDown(handle, { button: 0, pointerType: "touch", clientY: 50 });
    act(() => {
      window.dispatchEvent(new window.PointerEvent("pointermove", { clientY: 260 }) as unknown as Event);
    });
    act(() => {
      window.dispatchEvent(new window.PointerEvent("pointerup", { clientY: 260 }) as unknown as Event);
    });
    expect(readBack(container)).toEqual({
      images: ["solo-london/documentation-02", "solo-london/documentation-03", "solo-london/documentation-01"],
    });
  });

  it("without JavaScript, Up on a pattern's image posts the list so the server can move it", () => {
    document.body.innerHTML = renderToString(
      <form>
        <GalleryField name="images" label="Images" value="solo-london/documentation-*" images={images} errors={{}} />
      </form>,
    );
    // The server's markup as a browser posts it (happy-dom's FormData misreads a select's optgroups).
    const entries: [string, string][] = [...document.querySelectorAll("input, select")].map((element) => [
      element.getAttribute("name") ?? "",
      element.tagName === "SELECT"
        ? (element.querySelector("option[selected]")?.getAttribute("value") ?? "")
        : (element.getAttribute("value") ?? ""),
    ]);
    expect(entries.filter(([name]) => /^images\.\d$/.test(name))).toHaveLength(3);
    const form = formMap([...entries, ["intent", "up:images.1"]]);
    // The list, not the pattern: the server's Up then moves the image (applyEdit).
    expect(valueFromForm(gallerySpec, form).value).toEqual({
      images: ["solo-london/documentation-01", "solo-london/documentation-02", "solo-london/documentation-03"],
    });
  });
});
