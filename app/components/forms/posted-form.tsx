import { HONEYPOT_FIELD, TOKEN_FIELD } from "#app/enquiries/enquiry-fields.ts";
import { AfterFirstPaintScript } from "../after-first-paint-script.tsx";
import styles from "./posted-form.module.css";
import postedFormScriptUrl from "./posted-form.script.js?url";

/**
 * A public form's own classes (its CSS module) with the shared ones of the same name added, so
 * `styles.form` puts both the shared surface and the form's own spacing on its element. (Not CSS
 * `composes`: that copies the shared rules into each form's stylesheet, twice on Prices.)
 */
export function withPostedFormStyles(own: CSSModuleClasses): CSSModuleClasses {
  const merged: Record<string, string> = { ...own };
  for (const [name, shared] of Object.entries(styles)) merged[name] = own[name] ? `${shared} ${own[name]}` : shared;
  return merged;
}

/**
 * The hidden fields the server screens a public form by before its own (screenPostedForm): the
 * signed form token (absent on prerendered pages: posted-form.script.js fetches one) and the
 * bots' honeypot, out of sight and out of the tab order.
 */
export function ScreeningFields({ formId, token }: { formId: string; token?: string }) {
  return (
    <>
      <input type="hidden" name={TOKEN_FIELD} defaultValue={token ?? ""} />
      <div className={styles.honeypot} aria-hidden="true">
        <label htmlFor={`${formId}-${HONEYPOT_FIELD}`}>Leave this empty</label>
        <input
          id={`${formId}-${HONEYPOT_FIELD}`}
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
    </>
  );
}

/**
 * The public forms' one small script (posted-form.script.js; decision 011: a file, no React),
 * once per page that shows an enquiry or a subscribe form, whichever and however many.
 * `enquiry`: the page shows an enquiry form, whose "Enquire" may be tapped before the file has
 * run: that tap is kept, and opens the form in place once it has.
 */
export function PostedFormScript({ enquiry = false }: { enquiry?: boolean }) {
  return (
    <AfterFirstPaintScript
      src={postedFormScriptUrl}
      keepClicksOn={enquiry ? { selector: "[data-enquiry-open]", readyFlag: "umbraPostedForms" } : undefined}
    />
  );
}
