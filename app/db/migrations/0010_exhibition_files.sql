CREATE TABLE "exhibition_files" (
	"short_hash" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"ext" text NOT NULL,
	"bytes" bigint NOT NULL,
	"uploaded_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"uploaded_by" text NOT NULL,
	CONSTRAINT "exhibition_files_sha256_unique" UNIQUE("sha256"),
	CONSTRAINT "exhibition_files_sha256_check" CHECK ("exhibition_files"."sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "exhibition_files_short_hash_check" CHECK ("exhibition_files"."short_hash" = left("exhibition_files"."sha256", 16)),
	CONSTRAINT "exhibition_files_kind_check" CHECK ("exhibition_files"."kind" in ('pdf', 'audio'))
);
