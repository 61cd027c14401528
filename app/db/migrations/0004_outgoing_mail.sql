CREATE TABLE "outgoing_mail" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'message' NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claim_id" text,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outgoing_mail_status_check" CHECK ("outgoing_mail"."status" in ('queued', 'sending', 'sent', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "outgoing_mail_due_idx" ON "outgoing_mail" USING btree ("next_attempt_at") WHERE "outgoing_mail"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "outgoing_mail_status_updated_idx" ON "outgoing_mail" USING btree ("status","updated_at");--> statement-breakpoint
-- Wakes the mail sender of every process (decision 028): NOTIFY outgoing_mail_queued with the
-- row id whenever a message becomes due to send (written, retried by the studio, or released
-- at shutdown). Sent inside the writer's transaction, so it arrives only once the row is there.
CREATE FUNCTION outgoing_mail_notify_queued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'queued' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'queued') THEN
    PERFORM pg_notify('outgoing_mail_queued', NEW.id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER outgoing_mail_notify_queued AFTER INSERT OR UPDATE OF status ON outgoing_mail
  FOR EACH ROW EXECUTE FUNCTION outgoing_mail_notify_queued();
