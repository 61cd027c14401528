import { describe, expect, it } from "vitest";
import { readForm } from "./read-form.server.ts";

const post = (body: BodyInit | null, contentType?: string) =>
  new Request("http://umbra.test/admin/quotes", {
    method: "POST",
    body,
    headers: contentType ? { "Content-Type": contentType } : {},
  });

/** What readForm threw: React Router's `data(message, { status })`. */
async function refusal(request: Request): Promise<{ status: number | undefined; message: string }> {
  const thrown = await readForm(request).then(
    () => {
      throw new Error("readForm accepted the request");
    },
    (error: { data: string; init: ResponseInit | null }) => error,
  );
  return { status: thrown.init?.status, message: thrown.data };
}

describe("readForm", () => {
  it("reads url-encoded and multipart forms", async () => {
    const encoded = await readForm(post("intent=login&email=a%40umbra.test", "application/x-www-form-urlencoded"));
    expect(Object.fromEntries(encoded)).toEqual({ intent: "login", email: "a@umbra.test" });
    const multipart = new FormData();
    multipart.set("intent", "sign-out");
    expect(
      Object.fromEntries(await readForm(new Request("http://umbra.test/", { method: "POST", body: multipart }))),
    ).toEqual({
      intent: "sign-out",
    });
  });

  it("refuses a body that is not a form with 415, naming what was sent", async () => {
    expect(await refusal(post('{"intent":"login"}', "application/json"))).toEqual({
      status: 415,
      message: expect.stringContaining("takes a form submission"),
    });
    expect((await refusal(post('{"intent":"login"}', "application/json"))).message).toContain("not application/json");
    expect((await refusal(post(null))).message).toContain("without a content type");
  });

  it("refuses broken multipart with 400", async () => {
    const truncated = '--XYZ\r\nContent-Disposition: form-data; name="intent"\r\n\r\nlog';
    expect(await refusal(post(truncated, "multipart/form-data; boundary=XYZ"))).toEqual({
      status: 400,
      message: expect.stringContaining("could not be read"),
    });
    expect((await refusal(post("", "multipart/form-data"))).status).toBe(400);
  });

  it("refuses NUL characters and file parts with 400", async () => {
    const nul = await refusal(post("intent=login&email=a%00b%40umbra.test", "application/x-www-form-urlencoded"));
    expect(nul).toEqual({ status: 400, message: expect.stringContaining("NUL character") });
    const withFile = new FormData();
    withFile.set("email", new File(["x"], "x.txt"));
    const file = await refusal(new Request("http://umbra.test/", { method: "POST", body: withFile }));
    expect(file).toEqual({ status: 400, message: 'The form field "email" is a file; this form takes text only.' });
  });
});
