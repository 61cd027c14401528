CREATE TABLE "enquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"subject_ref" text,
	"subject_title" text NOT NULL,
	"interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_key" text NOT NULL,
	"message" text NOT NULL,
	"location" text,
	"phone" text,
	"source_path" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"read_at" timestamp (3) with time zone,
	"notes" text DEFAULT '' NOT NULL,
	"mail_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"status_changed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enquiries_status_check" CHECK ("enquiries"."status" in ('new', 'replied', 'closed', 'spam')),
	CONSTRAINT "enquiries_subject_check" CHECK ("enquiries"."subject" in ('work', 'prints', 'original', 'commission', 'exhibition', 'press', 'room', 'other'))
);
--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_mail_id_outgoing_mail_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."outgoing_mail"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiries_created_at_id_idx" ON "enquiries" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enquiries_status_idx" ON "enquiries" USING btree ("status","status_changed_at");--> statement-breakpoint
CREATE INDEX "enquiries_email_key_idx" ON "enquiries" USING btree ("email_key");--> statement-breakpoint
-- The live inbox (issue 21): every change to an enquiry stamps updated_at and NOTIFYs
-- enquiries_changed with {"op", "id"}, sent inside the writer's transaction so it arrives only
-- once the row is there; each process's listener reads the row itself (the text stays out of
-- NOTIFY payloads).
CREATE FUNCTION enquiries_stamp_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW IS NOT DISTINCT FROM OLD THEN
    RETURN NEW;
  END IF;
  NEW.updated_at := now();
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    NEW.status_changed_at := now();
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER enquiries_stamp_change BEFORE UPDATE ON enquiries
  FOR EACH ROW EXECUTE FUNCTION enquiries_stamp_change();
--> statement-breakpoint
CREATE FUNCTION enquiries_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('enquiries_changed', json_build_object('op', TG_OP, 'id', OLD.id)::text);
  ELSIF TG_OP = 'INSERT' OR NEW IS DISTINCT FROM OLD THEN
    PERFORM pg_notify('enquiries_changed', json_build_object('op', TG_OP, 'id', NEW.id)::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER enquiries_notify_change AFTER INSERT OR UPDATE OR DELETE ON enquiries
  FOR EACH ROW EXECUTE FUNCTION enquiries_notify_change();
