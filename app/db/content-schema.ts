import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, integer, json, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The site's content as the running site serves it (decision 039): one row per content
 * document, keyed by its path in the content tree (`works/moss-oracle.md`, `pages/about.yaml`,
 * `site.yaml`), holding the document as written (a YAML file's value; a Markdown file's front
 * matter with its body under its folder's body field). Checked by the same zod schemas as the
 * files before any row is written.
 */
// `json`, not `jsonb`: it keeps a document's keys in the order they were written, so an export
// reads like the file that was imported (jsonb would sort them) and the editor shows them so.
export const contentDocuments = pgTable("content_documents", {
  path: text("path").primaryKey(),
  data: json("data").notNull(),
  // Grows by one with each published change of this document: an edit made from an older
  // revision is refused, never overwrites.
  revision: integer("revision").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  updatedBy: text("updated_by").notNull(),
});

/** Every published revision of every document, kept: who and when, and the whole document (null when deleted). */
export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    path: text("path").notNull(),
    revision: integer("revision").notNull(),
    data: json("data"),
    action: text("action").notNull(),
    author: text("author").notNull(),
    // The publish this revision was part of (content_state.version after it).
    contentVersion: bigint("content_version", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index("content_revisions_path_revision_idx").on(table.path, table.revision.desc()),
    check("content_revisions_action_check", sql`${table.action} in ('import', 'publish', 'restore', 'delete')`),
  ],
);

/** Edits saved but not published: what the editor's preview shows; one per document. */
export const contentDrafts = pgTable("content_drafts", {
  path: text("path").primaryKey(),
  // null: the draft deletes the document.
  data: json("data"),
  // The published revision the draft was made from (null: a new document).
  baseRevision: integer("base_revision"),
  updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  updatedBy: text("updated_by").notNull(),
});

/**
 * One row: the content's version, bumped by every publish in the same transaction, which also
 * sends NOTIFY content_changed with it, so every process reloads what it serves (decision 039).
 */
export const contentState = pgTable(
  "content_state",
  {
    id: integer("id").primaryKey(),
    version: bigint("version", { mode: "number" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /**
     * The fingerprint of the build's documents imported at `buildVersion` (decision 050): while
     * the version is still that one, the content is the build's and need not be read to know it.
     */
    buildFingerprint: text("build_fingerprint"),
    buildVersion: bigint("build_version", { mode: "number" }),
  },
  (table) => [check("content_state_one_row", sql`${table.id} = 1`)],
);
