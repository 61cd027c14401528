import { isDeepStrictEqual } from "node:util";
import { Window } from "happy-dom";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { contentFolder } from "#app/content/content-registry.server.ts";
import { documentSchema } from "#app/content/content-registry-views.server.ts";
import { contentDir } from "#app/content-files/content-files.server.ts";
import { DocumentFields } from "./document-form.tsx";
import type { FieldSpec } from "./form-fields.ts";
import { describeSchema } from "./form-schema.server.ts";
import { applyEdit, formMap, valueFromForm } from "./form-values.server.ts";

const documents = contentFolder(contentDir()).all();

/** What a browser would post for the drawn form, untouched: names and values in document order. */
function posted(spec: FieldSpec, value: unknown, errors: Record<string, string> = {}): [string, string][] {
  const html = renderToStaticMarkup(<form>{<DocumentFields spec={spec} value={value} errors={errors} />}</form>);
  const window = new Window();
  window.document.body.innerHTML = html;
  const entries: [string, string][] = [];
  for (const element of window.document.querySelectorAll("input, textarea, select")) {
    const name = element.getAttribute("name");
    if (!name) continue;
    const tag = element.tagName.toLowerCase();
    if (tag === "input") {
      const input = element as unknown as HTMLInputElement;
      if (input.type === "checkbox") {
        if (input.hasAttribute("checked")) entries.push([name, "on"]);
      } else entries.push([name, input.getAttribute("value") ?? ""]);
    } else if (tag === "textarea") {
      entries.push([name, (element as unknown as HTMLTextAreaElement).textContent ?? ""]);
    } else {
      const select = element as unknown as HTMLSelectElement;
      const chosen = select.querySelector("option[selected]") ?? select.querySelector("option");
      entries.push([name, chosen?.getAttribute("value") ?? ""]);
    }
  }
  return entries;
}

function specOf(path: string): FieldSpec {
  const schema = documentSchema(path);
  if (!schema) throw new Error(`no schema for ${path}`);
  return describeSchema(schema);
}

describe("forms generated from the content schemas", () => {
  it("every document of the content folder has a schema and a form of fields", () => {
    expect(documents.size).toBeGreaterThan(100);
    for (const path of documents.keys()) {
      const spec = specOf(path);
      expect(["object", "list"], path).toContain(spec.kind);
    }
  });

  it("an untouched form gives back exactly the document it was drawn from, for every document", () => {
    const differing: string[] = [];
    for (const [path, data] of documents) {
      const spec = specOf(path);
      const reading = valueFromForm(spec, formMap(posted(spec, data)));
      if (!isDeepStrictEqual(reading.value, data) || Object.keys(reading.problems).length > 0) differing.push(path);
    }
    expect(differing).toEqual([]);
  });

  it("draws the schema's fields: choices, whole numbers, the 14 block types, optional fields", () => {
    const work = specOf("works/brass-moth.md");
    if (work.kind !== "object") throw new Error("work form is not an object");
    const field = (key: string) => work.fields.find((entry) => entry.key === key);
    expect(field("series")?.spec).toMatchObject({
      kind: "choice",
      options: expect.arrayContaining(["Secrets", "Icaro"]),
    });
    expect(field("artwork_id")?.spec).toMatchObject({ kind: "number", integer: true, min: 1 });
    expect(field("description")).toMatchObject({ optional: true, spec: { kind: "text", multiline: true } });
    expect(field("hidden")).toMatchObject({ optional: true, spec: { kind: "boolean" } });
    const exhibition = specOf("exhibitions/art-basel-miami-2023.yaml");
    if (exhibition.kind !== "object") throw new Error("exhibition form is not an object");
    const blocks = exhibition.fields.find((entry) => entry.key === "blocks")?.spec;
    expect(blocks).toMatchObject({ kind: "list", min: 1, item: { kind: "variants", discriminator: "type" } });
    if (blocks?.kind !== "list" || blocks.item.kind !== "variants") throw new Error("blocks are not variants");
    expect(blocks.item.variants).toHaveLength(14);
    const article = specOf("articles/the-boy-and-the-plant.md");
    if (article.kind !== "object") throw new Error("article form is not an object");
    expect(article.fields.find((entry) => entry.key === "body")?.spec).toMatchObject({ markdown: true });
  });

  it("a field added to a schema appears in the form", async () => {
    const { z } = await import("zod");
    const spec = describeSchema(z.strictObject({ title: z.string().min(1), subtitle: z.string().optional() }));
    const html = renderToStaticMarkup(<DocumentFields spec={spec} value={{ title: "A" }} errors={{}} />);
    expect(html).toContain('name="subtitle"');
    expect(html).toContain("Subtitle");
  });

  it("shows a problem beside its field and keeps what was typed", () => {
    const spec = specOf("pages/about.yaml");
    const about = documents.get("pages/about.yaml") as Record<string, unknown>;
    const html = renderToStaticMarkup(
      <DocumentFields
        spec={spec}
        value={{ ...about, heading: "   " }}
        errors={{ heading: "must be a non-empty text" }}
      />,
    );
    const window = new Window();
    window.document.body.innerHTML = html;
    const input = window.document.querySelector('[name="heading"]');
    expect(input?.getAttribute("value")).toBe("   ");
    expect(input?.getAttribute("aria-invalid")).toBe("true");
    const described = window.document.getElementById(input?.getAttribute("aria-describedby") ?? "");
    expect(described?.textContent).toBe("must be a non-empty text");
    // Beside its field: the message sits in the field's own box, right before the input.
    expect(input?.previousElementSibling).toBe(described);
  });

  it("draws a field's help under its label, read with the field", () => {
    const spec = specOf("pages/about.yaml");
    const about = documents.get("pages/about.yaml") as Record<string, unknown>;
    const window = new Window();
    window.document.body.innerHTML = renderToStaticMarkup(<DocumentFields spec={spec} value={about} errors={{}} />);
    const field = window.document.querySelector('[name="description"]');
    const hint = window.document.getElementById(field?.getAttribute("aria-describedby") ?? "");
    expect(hint?.textContent).toBe("What search engines and shared links show under the title.");
  });

  it("reads only the schema's names: forged, prototype and far-off names change nothing", () => {
    const spec = specOf("pages/merch.yaml");
    const merch = documents.get("pages/merch.yaml");
    const form = [
      ...posted(spec, merch),
      ["__proto__.polluted", "yes"],
      ["constructor.prototype.x", "1"],
      ["extra", "field"],
      ["_item", "blocks.99999"],
    ] as [string, string][];
    const { value } = valueFromForm(spec, formMap(form));
    expect(value).toEqual(merch);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("a list posted with a far index is read densely, and too many items are refused by name", () => {
    const spec = specOf("pages/contact.yaml");
    const contact = documents.get("pages/contact.yaml") as { paragraphs: string[] };
    const form = posted(spec, contact).filter(([name]) => !/^paragraphs\.|^_item$/.test(name));
    form.push(["_item", "paragraphs.99999"], ["paragraphs.99999", "Far away"]);
    expect((valueFromForm(spec, formMap(form)).value as { paragraphs: string[] }).paragraphs).toEqual(["Far away"]);
    const flood = Array.from({ length: 600 }, (_, index) => ["_item", `paragraphs.${index}`] as [string, string]);
    const { problems } = valueFromForm(spec, formMap([...form, ...flood]));
    expect(problems.paragraphs).toMatch(/at most 500/);
  });

  it("a number that is not one is kept as typed and named", () => {
    const spec = specOf("works/brass-moth.md");
    const work = documents.get("works/brass-moth.md");
    const form = posted(spec, work).map(([name, value]): [string, string] => [
      name,
      name === "artwork_id" ? "12a" : value,
    ]);
    const { value, problems } = valueFromForm(spec, formMap(form));
    expect((value as { artwork_id: unknown }).artwork_id).toBe("12a");
    expect(problems.artwork_id).toBe("must be a number");
  });

  it("adds a block of a chosen type, moves it up and removes it", () => {
    const spec = specOf("exhibitions/art-basel-miami-2023.yaml");
    const exhibition = documents.get("exhibitions/art-basel-miami-2023.yaml") as { blocks: { type: string }[] };
    const count = exhibition.blocks.length;
    const added = applyEdit(spec, exhibition, { op: "add", path: ["blocks"], variant: "quote" }) as typeof exhibition;
    expect(added.blocks).toHaveLength(count + 1);
    expect(added.blocks.at(-1)).toEqual({ type: "quote", text: "" });
    const moved = applyEdit(spec, added, { op: "up", path: ["blocks", count] }) as typeof exhibition;
    expect(moved.blocks[count - 1]).toEqual({ type: "quote", text: "" });
    const removed = applyEdit(spec, moved, { op: "remove", path: ["blocks", count - 1] }) as typeof exhibition;
    expect(removed).toEqual(exhibition);
    // The block survives the form: drawn, posted and read back.
    const reading = valueFromForm(spec, formMap(posted(spec, added)));
    expect(reading.value).toEqual(added);
  });
});
