CREATE TABLE "content_documents" (
	"path" text PRIMARY KEY NOT NULL,
	"data" json NOT NULL,
	"revision" integer NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_drafts" (
	"path" text PRIMARY KEY NOT NULL,
	"data" json,
	"base_revision" integer,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_revisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"revision" integer NOT NULL,
	"data" json,
	"action" text NOT NULL,
	"author" text NOT NULL,
	"content_version" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_revisions_action_check" CHECK ("content_revisions"."action" in ('import', 'publish', 'restore', 'delete'))
);
--> statement-breakpoint
CREATE TABLE "content_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_state_one_row" CHECK ("content_state"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "content_revisions_path_revision_idx" ON "content_revisions" USING btree ("path","revision" DESC NULLS LAST);--> statement-breakpoint
-- Every process LISTENs on content_changed and reloads what it serves when the version grows
-- (decision 039). Sent from the publishing transaction, so it arrives only once the change is
-- committed, and never for a rolled-back one.
CREATE FUNCTION content_state_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('content_changed', NEW.version::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER content_state_notify AFTER INSERT OR UPDATE ON content_state
  FOR EACH ROW EXECUTE FUNCTION content_state_notify();
