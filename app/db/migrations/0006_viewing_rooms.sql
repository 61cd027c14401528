CREATE TABLE "viewing_room_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"link_id" integer NOT NULL,
	"kind" text NOT NULL,
	"work_slug" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "viewing_room_events_kind_check" CHECK ("viewing_room_events"."kind" in ('visit', 'work-opened', 'zoomed', 'enquiry', 'passcode-refused'))
);
--> statement-breakpoint
CREATE TABLE "viewing_room_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"token_sealed" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"passcode_hash" text,
	"expires_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone,
	"replaced_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"first_opened_at" timestamp (3) with time zone,
	"last_opened_at" timestamp (3) with time zone,
	"visit_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "viewing_room_works" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"work_slug" text NOT NULL,
	"position" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"price" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "viewing_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"show_price" boolean DEFAULT false NOT NULL,
	"show_availability" boolean DEFAULT true NOT NULL,
	"show_edition" boolean DEFAULT true NOT NULL,
	"downloads" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"passcode_hash" text,
	"expires_at" timestamp (3) with time zone,
	"closed_at" timestamp (3) with time zone,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "room_link_id" integer;--> statement-breakpoint
ALTER TABLE "viewing_room_events" ADD CONSTRAINT "viewing_room_events_link_id_viewing_room_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."viewing_room_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewing_room_links" ADD CONSTRAINT "viewing_room_links_room_id_viewing_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."viewing_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewing_room_works" ADD CONSTRAINT "viewing_room_works_room_id_viewing_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."viewing_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "viewing_room_events_link_idx" ON "viewing_room_events" USING btree ("link_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "viewing_room_links_token_hash_idx" ON "viewing_room_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "viewing_room_links_room_idx" ON "viewing_room_links" USING btree ("room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "viewing_room_works_room_work_idx" ON "viewing_room_works" USING btree ("room_id","work_slug");--> statement-breakpoint
CREATE INDEX "viewing_room_works_room_position_idx" ON "viewing_room_works" USING btree ("room_id","position");--> statement-breakpoint
CREATE INDEX "viewing_rooms_updated_at_idx" ON "viewing_rooms" USING btree ("updated_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_room_link_id_viewing_room_links_id_fk" FOREIGN KEY ("room_link_id") REFERENCES "public"."viewing_room_links"("id") ON DELETE set null ON UPDATE no action;