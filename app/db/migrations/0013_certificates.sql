-- superseded_by is checked at commit (DEFERRABLE, added by hand): a resale marks the old certificate
-- superseded by the new one before the new one may be inserted (one valid certificate per print).
CREATE TABLE "certificates" (
	"id" text PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"sale_id" integer,
	"work_slug" text NOT NULL,
	"edition_label" text NOT NULL,
	"jws" text NOT NULL,
	"issued_at" timestamp (3) with time zone NOT NULL,
	"state" text DEFAULT 'valid' NOT NULL,
	"revoked_at" timestamp (3) with time zone,
	"revoked_reason" text,
	"superseded_at" timestamp (3) with time zone,
	"superseded_by" text,
	CONSTRAINT "certificates_id_check" CHECK ("certificates"."id" ~ '^[A-Za-z0-9_-]{22}$'),
	CONSTRAINT "certificates_jws_check" CHECK (char_length("certificates"."jws") between 1 and 65536),
	CONSTRAINT "certificates_state_check" CHECK (("certificates"."state" = 'valid' and "certificates"."revoked_at" is null and "certificates"."superseded_at" is null)
        or ("certificates"."state" = 'revoked' and "certificates"."revoked_at" is not null and char_length("certificates"."revoked_reason") between 1 and 500 and "certificates"."superseded_at" is null)
        or ("certificates"."state" = 'superseded' and "certificates"."superseded_at" is not null and "certificates"."superseded_by" is not null and "certificates"."revoked_at" is null))
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_unit_id_edition_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."edition_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_owner_id_edition_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."edition_owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_sale_id_edition_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."edition_sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_superseded_by_certificates_id_fk" FOREIGN KEY ("superseded_by") REFERENCES "public"."certificates"("id") ON DELETE no action ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_valid_unit_idx" ON "certificates" USING btree ("unit_id") WHERE "certificates"."state" = 'valid';--> statement-breakpoint
CREATE INDEX "certificates_owner_idx" ON "certificates" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "certificates_work_idx" ON "certificates" USING btree ("work_slug","issued_at");