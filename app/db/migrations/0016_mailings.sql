CREATE TABLE "mailing_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"mailing_id" integer NOT NULL,
	"subscriber_id" integer,
	"outgoing_mail_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailing_deliveries_outgoing_mail_id_unique" UNIQUE("outgoing_mail_id"),
	CONSTRAINT "mailing_deliveries_once_idx" UNIQUE("mailing_id","subscriber_id")
);
--> statement-breakpoint
CREATE TABLE "mailings" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"topic_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"scheduled_for" timestamp (3) with time zone,
	"web_slug" text NOT NULL,
	"web_noindex" boolean DEFAULT false NOT NULL,
	"notify_topic_key" text,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"sent_count" integer,
	"failed_count" integer,
	"bounced_count" integer,
	"test_sent_at" timestamp (3) with time zone,
	"sending_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailings_web_slug_unique" UNIQUE("web_slug"),
	CONSTRAINT "mailings_status_check" CHECK ("mailings"."status" in ('draft', 'scheduled', 'sending', 'sent')),
	CONSTRAINT "mailings_scheduled_check" CHECK (("mailings"."status" = 'scheduled') = ("mailings"."scheduled_for" is not null)),
	CONSTRAINT "mailings_text_check" CHECK (char_length("mailings"."subject") between 1 and 150 and char_length("mailings"."body") <= 50000),
	CONSTRAINT "mailings_web_slug_check" CHECK ("mailings"."web_slug" ~ '^[a-z0-9][a-z0-9-]{0,80}$')
);
--> statement-breakpoint
ALTER TABLE "mailing_deliveries" ADD CONSTRAINT "mailing_deliveries_mailing_id_mailings_id_fk" FOREIGN KEY ("mailing_id") REFERENCES "public"."mailings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_deliveries" ADD CONSTRAINT "mailing_deliveries_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_deliveries" ADD CONSTRAINT "mailing_deliveries_outgoing_mail_id_outgoing_mail_id_fk" FOREIGN KEY ("outgoing_mail_id") REFERENCES "public"."outgoing_mail"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mailing_deliveries_mailing_idx" ON "mailing_deliveries" USING btree ("mailing_id");--> statement-breakpoint
CREATE INDEX "mailings_due_idx" ON "mailings" USING btree ("scheduled_for") WHERE "mailings"."status" = 'scheduled';