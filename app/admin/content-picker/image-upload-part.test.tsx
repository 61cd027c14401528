// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fieldIds } from "#app/components/forms/field-ids.ts";
import { GalleryField } from "./gallery-field.tsx";
import { ImageField } from "./image-field.tsx";
import type { PickerImage } from "./picker-images.ts";

const picture = (collection: string, name: string, alt: string): PickerImage => ({
  value: `${collection}/${name}`,
  collection,
  name,
  alt,
  thumbnail: `/img/${collection}-400/${name}.jpg`,
  aspect: 1.5,
});
const images = [
  picture("solo-london", "feature", "The long wall of Secrets at night"),
  picture("miami", "booth", "The Miami booth from the aisle"),
];
const uploaded = picture("miami", "a-blue-proof", "A blue proof pinned to the wall");

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

function imageField(value: string) {
  return (
    <form>
      <ImageField
        name="hero.image"
        label={<label htmlFor="f-hero.image">Image</label>}
        fieldLabel="Image"
        value={value}
        optional={false}
        ids={fieldIds({ id: "f-hero.image", errorId: "e-hero.image" })}
        images={images}
        error={null}
        keep={null}
      />
    </form>
  );
}

/** The server as the picker meets it: records each request and answers `answer`. */
function serverAnswering(status: number, body: unknown) {
  const requests: { url: string; method: string; form: FormData }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ url, method: String(init.method), form: init.body as FormData });
      return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    }),
  );
  return requests;
}

function openUpload(name = /Choose another image/) {
  fireEvent.click(screen.getByRole("button", { name }));
  const dialog = screen.getByRole("dialog");
  fireEvent.click(within(dialog).getByText("Upload a new image", { selector: "summary" }));
  return dialog;
}

function fillIn(dialog: HTMLElement, description: string) {
  const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "proof.png", { type: "image/png" });
  fireEvent.change(within(dialog).getByLabelText(/^The image/), { target: { files: [file] } });
  fireEvent.change(within(dialog).getByLabelText("Description"), { target: { value: description } });
  return file;
}

describe("the picker's Upload a new image", () => {
  it("says who the description is for, and joins the current image's collection unless told otherwise", () => {
    render(imageField("miami/booth"));
    const dialog = openUpload();
    const description = within(dialog).getByLabelText("Description");
    expect(document.getElementById(description.getAttribute("aria-describedby") ?? "")?.textContent).toMatch(
      /read aloud to people who cannot see the picture/i,
    );
    const joins = within(dialog).getByLabelText("It joins") as HTMLSelectElement;
    expect(joins.value).toBe("miami");
    expect([...joins.options].map((option) => option.textContent)).toEqual(["Solo london", "Miami"]);
  });

  it("sends the file, description and collection, then the field takes the new image and the picker lists it", async () => {
    const requests = serverAnswering(200, { image: uploaded });
    const { container } = render(imageField("solo-london/feature"));
    const dialog = openUpload();
    const file = fillIn(dialog, "A blue proof pinned to the wall");
    fireEvent.change(within(dialog).getByLabelText("It joins"), { target: { value: "miami" } });
    // Open, the picker's fields are not the document's: saving it now would not send them.
    const form = container.querySelector("form") as HTMLFormElement;
    expect([...new FormData(form).keys()]).toEqual(["hero.image"]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Upload and choose it" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe("/admin/content-images/new");
    expect(requests[0]?.method).toBe("POST");
    expect((requests[0]?.form.get("image") as File | undefined)?.name).toBe(file.name);
    expect(requests[0]?.form.get("description")).toBe("A blue proof pinned to the wall");
    expect(requests[0]?.form.get("collection")).toBe("miami");
    expect(new FormData(form).get("hero.image")).toBe("miami/a-blue-proof");
    expect(screen.queryByText("A blue proof pinned to the wall")).not.toBeNull();
    fireEvent.click(screen.getByRole("button", { name: /Choose another image/ }));
    const chosen = within(screen.getByRole("dialog")).getByRole("button", { pressed: true });
    expect(chosen.textContent).toBe("A blue proof pinned to the wall");
  });

  it("shows the server's sentence when the upload is refused, and keeps the field as it was", async () => {
    const refusal = "This file starts like a PNG but is not one: export the image again and upload the new file.";
    serverAnswering(422, { error: refusal });
    const { container } = render(imageField("solo-london/feature"));
    const dialog = openUpload();
    fillIn(dialog, "A forged picture");
    fireEvent.click(within(dialog).getByRole("button", { name: "Upload and choose it" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(refusal);
    expect(screen.queryByRole("dialog")).not.toBeNull();
    expect(new FormData(container.querySelector("form") as HTMLFormElement).get("hero.image")).toBe(
      "solo-london/feature",
    );
  });

  it("asks for a description before sending anything", () => {
    const requests = serverAnswering(200, { image: uploaded });
    render(imageField("solo-london/feature"));
    const dialog = openUpload();
    fillIn(dialog, "   ");
    fireEvent.click(within(dialog).getByRole("button", { name: "Upload and choose it" }));
    expect(within(dialog).getByRole("alert").textContent).toMatch(/Describe the picture/);
    expect(requests).toHaveLength(0);
  });

  it("adds an uploaded image to a gallery", async () => {
    serverAnswering(200, { image: uploaded });
    const { container } = render(
      <form>
        <GalleryField
          name="blocks.2.images"
          label="Images"
          value={["solo-london/feature"]}
          images={images}
          errors={{}}
        />
      </form>,
    );
    const dialog = openUpload(/Add an image/);
    fillIn(dialog, "A blue proof pinned to the wall");
    fireEvent.click(within(dialog).getByRole("button", { name: "Upload and choose it" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const values = new FormData(container.querySelector("form") as HTMLFormElement).getAll("blocks.2.images.1");
    expect(values).toEqual(["miami/a-blue-proof"]);
  });

  it("without JavaScript, links to the collection's editor instead", () => {
    document.body.innerHTML = renderToString(imageField("miami/booth"));
    const link = [...document.querySelectorAll("a")].find((a) => a.textContent === "Upload a new image in Page images");
    expect(link?.getAttribute("href")).toBe("/admin/content/images/miami.yaml");
  });
});
