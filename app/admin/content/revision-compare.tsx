import { Form } from "react-router";
import styles from "#app/admin/content/content-editor.module.css";
import { formatWhen } from "#app/enquiries/enquiry-words.ts";
import { authorName } from "./author-name.ts";
import type { ShownValue } from "./field-diff.ts";
import compare from "./revision-compare.module.css";
import type { ComparedChange, ComparedRevision, RevisionComparison } from "./revision-compare.server.ts";
import type { WordPart } from "./word-diff.ts";

/** What a revision did and who did it: "published by …", or the site's first version. */
export function madeBy(revision: Pick<ComparedRevision, "action" | "author">): string {
  if (revision.action === "import") return "the site's first version";
  return `${{ publish: "published", restore: "restored", delete: "deleted" }[revision.action]} by ${authorName(revision.author)}`;
}

/**
 * "Changes from revision 3 to the live one": each field that differs, from what to what, with
 * "Restore this field" when compared against the live one; the whole revision's restore; and the
 * stored text line by line under "Advanced".
 */
export function RevisionCompare({
  comparison,
  liveRevision,
  restored,
  restoreProblem,
  view,
}: {
  comparison: RevisionComparison;
  liveRevision: number;
  restored?: string;
  restoreProblem?: string;
  view: string;
}) {
  const { from, to, changes, deleted } = comparison;
  return (
    <section aria-labelledby="diff-heading" className={`${styles.diff} ${compare.compare}`}>
      <h3 id="diff-heading">
        Changes from revision {from.revision} to {to.live ? "the live one" : `revision ${to.revision}`}
      </h3>
      <p className={compare.when}>
        <Side side={from} /> <Side side={to} />
      </p>
      {restored ? (
        <p className={compare.restored}>
          Restored “{restored}” as it was in revision {from.revision}.
        </p>
      ) : null}
      {restoreProblem ? (
        <p role="alert" className={compare.problem}>
          {restoreProblem}
        </p>
      ) : null}
      {deleted ? (
        <p>
          Revision {deleted === "from" ? from.revision : to.revision} deleted this document, so there are no fields to
          compare.
        </p>
      ) : changes.length === 0 ? (
        <p>These two revisions are the same.</p>
      ) : (
        <ol className={compare.changes} aria-label="Changed fields">
          {changes.map((change) => (
            <ChangeItem
              key={change.key}
              change={change}
              thumbnails={comparison.thumbnails}
              from={from.revision}
              liveRevision={liveRevision}
              view={view}
            />
          ))}
        </ol>
      )}
      {!to.live && changes.length > 0 ? (
        <p className={compare.when}>To restore one field, compare a revision with the live one.</p>
      ) : null}
      {from.live ? null : (
        <Form method="post" className={compare.whole}>
          <input type="hidden" name="intent" value="restore" />
          <input type="hidden" name="view" value={view} />
          <input type="hidden" name="revision" value={from.revision} />
          <input type="hidden" name="baseRevision" value={liveRevision} />
          <button type="submit" className="button button-ghost">
            Restore the whole revision {from.revision}
          </button>
        </Form>
      )}
      {comparison.lines ? (
        <details className={compare.advanced}>
          <summary>Advanced: the stored text, line by line</summary>
          <pre>
            {comparison.lines
              .filter((line) => line.kind !== "same")
              .map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines of one fixed diff
                <span key={index} data-kind={line.kind}>
                  {line.kind === "removed" ? "- " : "+ "}
                  {line.text}
                  {"\n"}
                </span>
              ))}
          </pre>
        </details>
      ) : null}
    </section>
  );
}

function Side({ side }: { side: ComparedRevision }) {
  return (
    <span>
      {side.live ? `The live one (revision ${side.revision})` : `Revision ${side.revision}`}: {madeBy(side)},{" "}
      <time dateTime={side.createdAt.toISOString()}>{formatWhen(side.createdAt)}</time>.
    </span>
  );
}

const KIND_WORDS = { changed: "changed", added: "added", removed: "removed" } as const;
const RESTORE_HINTS = { changed: "", added: "Restoring it takes it out.", removed: "Restoring it puts it back." };

function ChangeItem({
  change,
  thumbnails,
  from,
  liveRevision,
  view,
}: {
  change: ComparedChange;
  thumbnails: Record<string, string>;
  from: number;
  liveRevision: number;
  view: string;
}) {
  return (
    <li className={compare.change} data-change={change.kind}>
      <h4>
        {change.label} <span className={compare.kind}>{KIND_WORDS[change.kind]}</span>
      </h4>
      {change.show.as === "words" ? (
        <Words parts={change.show.parts} />
      ) : (
        <div className={compare.values}>
          {change.kind === "added" ? null : <Value value={change.show.before} side="Before" thumbnails={thumbnails} />}
          {change.kind === "changed" ? (
            <span aria-hidden="true" className={compare.arrow}>
              →
            </span>
          ) : null}
          {change.kind === "removed" ? null : <Value value={change.show.after} side="After" thumbnails={thumbnails} />}
        </div>
      )}
      {change.restorable ? (
        <Form method="post" className={compare.restore} preventScrollReset>
          <input type="hidden" name="intent" value="restore-field" />
          <input type="hidden" name="view" value={view} />
          <input type="hidden" name="revision" value={from} />
          <input type="hidden" name="baseRevision" value={liveRevision} />
          <input type="hidden" name="field" value={change.key} />
          <button type="submit" className="button button-ghost" aria-label={`Restore this field: ${change.label}`}>
            Restore this field
          </button>
          {RESTORE_HINTS[change.kind] ? <span>{RESTORE_HINTS[change.kind]}</span> : null}
        </Form>
      ) : null}
    </li>
  );
}

/** One side of a change: its text in quotes, its picture, or "nothing" when it was not there. */
export function Value({
  value,
  side,
  thumbnails,
}: {
  value: ShownValue | undefined;
  side: "Before" | "After";
  thumbnails: Record<string, string>;
}) {
  const Mark = side === "Before" ? "del" : "ins";
  const image = value?.image;
  const thumbnail = image ? thumbnails[`${image.collection}/${image.name}`] : undefined;
  return (
    <div className={compare.value}>
      <span className="visually-hidden">{side}: </span>
      {value === undefined ? (
        <em className={compare.nothing}>nothing</em>
      ) : (
        <>
          {image ? (
            thumbnail ? (
              <img src={thumbnail} alt={`${side}: ${image.name.replace(/[-_]+/g, " ")}`} loading="lazy" />
            ) : (
              <em className={compare.nothing}>a picture no longer on the site</em>
            )
          ) : null}
          {value.text !== undefined ? (
            <Mark className={compare.text}>{value.text === "" ? "(empty)" : `“${value.text}”`}</Mark>
          ) : null}
        </>
      )}
    </div>
  );
}

/** Longer than this, a stretch of unchanged words shows only its ends. */
const KEPT_WORDS = 160;

export function Words({ parts }: { parts: WordPart[] }) {
  return (
    <p className={compare.words}>
      {parts.map((part, index) => {
        const key = `${index}-${part.kind}`;
        if (part.kind === "removed")
          return (
            <del key={key}>
              <span className="visually-hidden">[taken out: </span>
              {part.text}
              <span className="visually-hidden">]</span>
            </del>
          );
        if (part.kind === "added")
          return (
            <ins key={key}>
              <span className="visually-hidden">[put in: </span>
              {part.text}
              <span className="visually-hidden">]</span>
            </ins>
          );
        return <span key={key}>{elided(part.text, index === 0, index === parts.length - 1)}</span>;
      })}
    </p>
  );
}

/** Unchanged words with their middle left out, keeping what stands next to a change. */
function elided(text: string, first: boolean, last: boolean): string {
  if (text.length <= KEPT_WORDS) return text;
  const head = text.slice(0, KEPT_WORDS / 2).replace(/\S*$/, "");
  const tail = text.slice(-KEPT_WORDS / 2).replace(/^\S*/, "");
  if (first) return `… ${tail.trimStart()}`;
  if (last) return `${head.trimEnd()} …`;
  return `${head.trimEnd()} … ${tail.trimStart()}`;
}
