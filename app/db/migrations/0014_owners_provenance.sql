-- Public provenance (issue 40): whether an owner agreed to be named there, apart from the certificate.
ALTER TABLE "edition_owners" ADD COLUMN "public_provenance" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The public provenance (issue 40) is read with the availability, so a new owner (a sale's, or a
-- resale's, which changes no print) NOTIFYs editions_changed as the editions and prints do
-- (0012): every process's pages show it within 2 s, whoever wrote it.
CREATE FUNCTION edition_owners_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  slug text;
BEGIN
  SELECT editions.work_slug INTO slug FROM edition_units
    JOIN editions ON editions.id = edition_units.edition_id
    WHERE edition_units.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.unit_id ELSE NEW.unit_id END;
  IF slug IS NOT NULL AND (TG_OP <> 'UPDATE' OR NEW IS DISTINCT FROM OLD) THEN
    PERFORM pg_notify('editions_changed', json_build_object('workSlug', slug)::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER edition_owners_notify_change AFTER INSERT OR UPDATE OR DELETE ON edition_owners
  FOR EACH ROW EXECUTE FUNCTION edition_owners_notify_change();
