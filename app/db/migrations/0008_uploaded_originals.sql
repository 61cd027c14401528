CREATE TABLE "image_original_revisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"collection" text NOT NULL,
	"name" text NOT NULL,
	"revision" integer NOT NULL,
	"sha256" text NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"placeholder" text NOT NULL,
	"version" text NOT NULL,
	"action" text NOT NULL,
	"author" text NOT NULL,
	"content_version" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_original_revisions_action_check" CHECK ("image_original_revisions"."action" in ('upload', 'restore', 'import'))
);
--> statement-breakpoint
CREATE TABLE "image_originals" (
	"collection" text NOT NULL,
	"name" text NOT NULL,
	"sha256" text NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"placeholder" text NOT NULL,
	"version" text NOT NULL,
	"revision" integer NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "image_originals_collection_name_pk" PRIMARY KEY("collection","name"),
	CONSTRAINT "image_originals_sha256_check" CHECK ("image_originals"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE INDEX "image_original_revisions_image_idx" ON "image_original_revisions" USING btree ("collection","name","revision" DESC NULLS LAST);