CREATE SEQUENCE "public"."tweets_change_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "tweets" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"include_in_search" boolean DEFAULT false NOT NULL,
	"source_post_id" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"change_seq" bigint DEFAULT nextval('tweets_change_seq') NOT NULL,
	CONSTRAINT "tweets_source_post_id_unique" UNIQUE("source_post_id")
);
--> statement-breakpoint
CREATE INDEX "tweets_created_at_id_idx" ON "tweets" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tweets_public_created_at_id_idx" ON "tweets" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "tweets"."include_in_search";--> statement-breakpoint
CREATE INDEX "tweets_change_seq_idx" ON "tweets" USING btree ("change_seq");--> statement-breakpoint
CREATE INDEX "tweets_text_search_idx" ON "tweets" USING gin (to_tsvector('english', "text"));