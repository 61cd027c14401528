CREATE TABLE "edition_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"until" timestamp (3) with time zone NOT NULL,
	"holder_name" text NOT NULL,
	"holder_email" text NOT NULL,
	"enquiry_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp (3) with time zone,
	"end_reason" text,
	CONSTRAINT "edition_holds_ending_check" CHECK (("edition_holds"."ended_at" is null) = ("edition_holds"."end_reason" is null) and ("edition_holds"."end_reason" is null or "edition_holds"."end_reason" in ('released', 'sold', 'expired'))),
	CONSTRAINT "edition_holds_holder_check" CHECK (char_length("edition_holds"."holder_name") between 1 and 200 and char_length("edition_holds"."holder_email") between 3 and 254),
	CONSTRAINT "edition_holds_note_check" CHECK (char_length("edition_holds"."note") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "edition_owners" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"sale_id" integer,
	"owner_name" text NOT NULL,
	"owner_email" text DEFAULT '' NOT NULL,
	"acquired_on" date NOT NULL,
	"price_minor" bigint,
	"currency" text,
	"note" text DEFAULT '' NOT NULL,
	"private" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "edition_owners_sale_id_unique" UNIQUE("sale_id"),
	CONSTRAINT "edition_owners_price_check" CHECK (("edition_owners"."price_minor" is null) = ("edition_owners"."currency" is null) and ("edition_owners"."price_minor" is null or ("edition_owners"."price_minor" between 0 and 1000000000000000 and "edition_owners"."currency" ~ '^[A-Z]{3}$'))),
	CONSTRAINT "edition_owners_owner_check" CHECK (char_length("edition_owners"."owner_name") between 1 and 200 and char_length("edition_owners"."owner_email") <= 254 and char_length("edition_owners"."note") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "edition_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"collector_name" text NOT NULL,
	"collector_email" text NOT NULL,
	"sold_on" date NOT NULL,
	"price_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"invoice_reference" text DEFAULT '' NOT NULL,
	"collector_private" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "edition_sales_unit_id_unique" UNIQUE("unit_id"),
	CONSTRAINT "edition_sales_price_check" CHECK ("edition_sales"."price_minor" between 0 and 1000000000000000),
	CONSTRAINT "edition_sales_currency_check" CHECK ("edition_sales"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "edition_sales_collector_check" CHECK (char_length("edition_sales"."collector_name") between 1 and 200 and char_length("edition_sales"."collector_email") between 3 and 254),
	CONSTRAINT "edition_sales_text_check" CHECK (char_length("edition_sales"."note") <= 2000 and char_length("edition_sales"."invoice_reference") <= 100)
);
--> statement-breakpoint
CREATE TABLE "edition_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"edition_id" integer NOT NULL,
	"number" integer NOT NULL,
	"artist_proof" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'available' NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "edition_units_state_check" CHECK ("edition_units"."state" in ('available', 'held', 'sold', 'not-for-sale')),
	CONSTRAINT "edition_units_number_check" CHECK ("edition_units"."number" between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "editions" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_slug" text NOT NULL,
	"kind" text NOT NULL,
	"size" integer NOT NULL,
	"artist_proofs" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "editions_work_slug_unique" UNIQUE("work_slug"),
	CONSTRAINT "editions_kind_check" CHECK ("editions"."kind" in ('unique', 'edition')),
	CONSTRAINT "editions_size_check" CHECK (("editions"."kind" = 'unique' and "editions"."size" = 1 and "editions"."artist_proofs" = 0) or ("editions"."kind" = 'edition' and "editions"."size" between 2 and 500 and "editions"."artist_proofs" between 0 and 50))
);
--> statement-breakpoint
ALTER TABLE "edition_holds" ADD CONSTRAINT "edition_holds_unit_id_edition_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."edition_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edition_holds" ADD CONSTRAINT "edition_holds_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edition_owners" ADD CONSTRAINT "edition_owners_unit_id_edition_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."edition_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edition_owners" ADD CONSTRAINT "edition_owners_sale_id_edition_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."edition_sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edition_sales" ADD CONSTRAINT "edition_sales_unit_id_edition_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."edition_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edition_units" ADD CONSTRAINT "edition_units_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "edition_holds_open_unit_idx" ON "edition_holds" USING btree ("unit_id") WHERE "edition_holds"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "edition_owners_unit_idx" ON "edition_owners" USING btree ("unit_id","acquired_on","id");--> statement-breakpoint
CREATE UNIQUE INDEX "edition_units_number_idx" ON "edition_units" USING btree ("edition_id","artist_proof","number");--> statement-breakpoint
-- Live availability (issue 40: "within 2 s of a change on every process"): a change to an
-- edition or to one of its prints NOTIFYs editions_changed with {"workSlug"}, inside the
-- writer's transaction, so it arrives once the change is committed. Identical payloads in one
-- transaction are sent once, so growing an edition by 500 prints is one notification. A hold
-- that runs out changes no row: readers judge holds by the clock (app/editions).
CREATE FUNCTION editions_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  slug text;
BEGIN
  IF TG_TABLE_NAME = 'editions' THEN
    slug := CASE WHEN TG_OP = 'DELETE' THEN OLD.work_slug ELSE NEW.work_slug END;
  ELSE
    SELECT work_slug INTO slug FROM editions
      WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.edition_id ELSE NEW.edition_id END;
  END IF;
  IF slug IS NOT NULL AND (TG_OP <> 'UPDATE' OR NEW IS DISTINCT FROM OLD) THEN
    PERFORM pg_notify('editions_changed', json_build_object('workSlug', slug)::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER editions_notify_change AFTER INSERT OR UPDATE OR DELETE ON editions
  FOR EACH ROW EXECUTE FUNCTION editions_notify_change();
--> statement-breakpoint
CREATE TRIGGER edition_units_notify_change AFTER INSERT OR UPDATE OR DELETE ON edition_units
  FOR EACH ROW EXECUTE FUNCTION editions_notify_change();
