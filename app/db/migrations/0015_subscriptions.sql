CREATE TABLE "subscriber_topics" (
	"subscriber_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"requested_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp (3) with time zone,
	CONSTRAINT "subscriber_topics_subscriber_id_topic_id_pk" PRIMARY KEY("subscriber_id","topic_id")
);
--> statement-breakpoint
CREATE TABLE "subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp (3) with time zone,
	"left_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"confirmation_queued_at" timestamp (3) with time zone,
	CONSTRAINT "subscribers_address_unique" UNIQUE("address"),
	CONSTRAINT "subscribers_status_check" CHECK ("subscribers"."status" in ('pending', 'confirmed', 'left')),
	CONSTRAINT "subscribers_address_lower_check" CHECK ("subscribers"."address" = lower("subscribers"."address"))
);
--> statement-breakpoint
CREATE TABLE "subscription_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"requested_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"source_path" text NOT NULL,
	"topic_keys" text[] NOT NULL,
	"wording" text NOT NULL,
	"confirmed_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "subscription_days" (
	"topic_id" integer NOT NULL,
	"day" date NOT NULL,
	"joined" integer DEFAULT 0 NOT NULL,
	"left" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "subscription_days_topic_id_day_pk" PRIMARY KEY("topic_id","day")
);
--> statement-breakpoint
CREATE TABLE "subscription_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone,
	CONSTRAINT "subscription_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "subscription_tokens_purpose_check" CHECK ("subscription_tokens"."purpose" in ('confirm', 'manage'))
);
--> statement-breakpoint
CREATE TABLE "subscription_topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"kind" text NOT NULL,
	"target" text,
	"open" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_topics_key_unique" UNIQUE("key"),
	CONSTRAINT "subscription_topics_kind_check" CHECK ("subscription_topics"."kind" in ('standing', 'series', 'work')),
	CONSTRAINT "subscription_topics_target_check" CHECK (("subscription_topics"."kind" = 'standing') = ("subscription_topics"."target" is null))
);
--> statement-breakpoint
ALTER TABLE "subscriber_topics" ADD CONSTRAINT "subscriber_topics_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriber_topics" ADD CONSTRAINT "subscriber_topics_topic_id_subscription_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."subscription_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_consents" ADD CONSTRAINT "subscription_consents_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_days" ADD CONSTRAINT "subscription_days_topic_id_subscription_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."subscription_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_tokens" ADD CONSTRAINT "subscription_tokens_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriber_topics_topic_idx" ON "subscriber_topics" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "subscribers_status_idx" ON "subscribers" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "subscription_consents_subscriber_idx" ON "subscription_consents" USING btree ("subscriber_id","id");--> statement-breakpoint
CREATE INDEX "subscription_tokens_subscriber_idx" ON "subscription_tokens" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "subscription_tokens_expires_idx" ON "subscription_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_topics_target_idx" ON "subscription_topics" USING btree ("kind","target");--> statement-breakpoint
-- The standing topics every visitor is offered from the start (issue 41); a series' or a
-- work's topic is added when the studio opens it (SubscriptionService.openTopic).
INSERT INTO "subscription_topics" ("key", "label", "kind", "target") VALUES
  ('new-work', 'New work and exhibitions', 'standing', NULL),
  ('icaro-prints', 'Icaro prints', 'standing', NULL);
