ALTER TABLE "content_state" ADD COLUMN "build_fingerprint" text;--> statement-breakpoint
ALTER TABLE "content_state" ADD COLUMN "build_version" bigint;