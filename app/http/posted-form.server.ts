/** Where a posted form could not be read: the 4xx and its sentence. */
export interface FormReadProblem {
  status: 400 | 413 | 415;
  message: string;
}

/** The sentences a form's refusals say, in its own words ("The enquiry is too long..."). */
export interface FormReadWords {
  wrongType: string;
  tooLong: string;
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * A public form's body, read within `maxBytes` (a chunked body cannot grow past it), as
 * urlencoded or multipart, text only and without NUL: the checks the enquiry and subscribe
 * forms share (decision 032). A problem is a 4xx with a sentence; nothing was stored.
 */
export async function readPostedForm(
  request: Request,
  maxBytes: number,
  words: FormReadWords,
): Promise<FormData | FormReadProblem> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.includes(type)) return { status: 415, message: words.wrongType };
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return { status: 413, message: words.tooLong };
  let raw: string;
  try {
    const buffer = await request.arrayBuffer();
    if (buffer.byteLength > maxBytes) return { status: 413, message: words.tooLong };
    raw = new TextDecoder().decode(buffer);
  } catch {
    return {
      status: 400,
      message: "The form could not be read: it arrived incomplete. Reload the page and send it again.",
    };
  }
  let form: FormData;
  try {
    if (type === "multipart/form-data") {
      form = await new Request("http://form.invalid/", {
        method: "POST",
        headers: { "content-type": request.headers.get("content-type") ?? "" },
        body: raw,
      }).formData();
    } else {
      form = new FormData();
      for (const [name, value] of new URLSearchParams(raw)) form.append(name, value);
    }
  } catch {
    return {
      status: 400,
      message: "The form could not be read: it arrived malformed. Reload the page and send it again.",
    };
  }
  for (const [name, value] of form) {
    if (typeof value !== "string") return { status: 400, message: "This form takes text only, not files." };
    if (value.includes("\u0000") || name.includes("\u0000")) {
      return {
        status: 400,
        message: "The form contains a character no field accepts (NUL). Remove it and send it again.",
      };
    }
  }
  return form;
}
