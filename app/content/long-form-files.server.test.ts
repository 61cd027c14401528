import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { contentFolder } from "#app/content/content-registry.server.ts";
import { readLongForm } from "./long-form-files.server.ts";

const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A CONTENT_DIR whose articles/ holds one file, `moss.md`, with this body. */
function articlesWith(body: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-long-form-"));
  temporary.push(dir);
  fs.mkdirSync(path.join(dir, "articles"));
  const frontMatter = "title: Moss\nauthor: A. Writer\npublication: Field Notes\ndate: 2024-05-01\nsummary: On moss.";
  fs.writeFileSync(path.join(dir, "articles", "moss.md"), `---\n${frontMatter}\n---\n\n${body}\n`);
  return dir;
}

function refusal(body: string): string {
  try {
    readLongForm("articles", contentFolder(articlesWith(body)));
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected the article to be refused");
}

describe("an article's Markdown, on the way in (decision 029)", () => {
  it("refuses a script, an event handler and a javascript: link, naming the file, the field and each", () => {
    const message = refusal(
      [
        "Moss grows. <script>window.__injected=1;document.title='pwned'</script>",
        "",
        '<img src=x onerror="window.__injected=2">',
        "",
        "[A link](javascript:window.__injected=3) and <a href='javascript:alert(1)'>another</a>.",
      ].join("\n"),
    );
    expect(message).toMatch(/articles\/moss\.md: body: holds what the site never shows: /);
    expect(message).toContain("<script>");
    expect(message).toContain("onerror on <img>");
    expect(message).toContain('href="javascript:window.__injected=3"');
    expect(message).toContain('href="javascript:alert(1)"');
  });

  it("refuses a frame and a style, which would change or cover the page", () => {
    const message = refusal('<iframe src="https://evil.example"></iframe>\n\n<style>main{display:none}</style>');
    expect(message).toContain("<iframe>");
    expect(message).toContain("<style>");
  });

  it("keeps Markdown, simple inline tags and safe links", () => {
    const [piece] = readLongForm(
      "articles",
      contentFolder(
        articlesWith("## Notes\n\nE = mc<sup>2</sup>, see [the work](/art/moss) or [mail](mailto:a@b.example)."),
      ),
    );
    expect(piece?.html).toBe(
      '<h2>Notes</h2>\n<p>E = mc<sup>2</sup>, see <a href="/art/moss">the work</a> or <a href="mailto:a@b.example">mail</a>.</p>\n',
    );
  });
});
