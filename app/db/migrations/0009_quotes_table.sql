-- The table the product calls quotes is named quotes (issue 23, decision 045). Renamed in place:
-- every row, id, sequence position and index is kept (ALTER ... RENAME changes names only, and
-- column defaults and the partial index refer to the sequence and table by oid, not by name).
-- The trigger functions of 0001 name the change sequence and the NOTIFY channel in their text,
-- so they are replaced by quotes_* functions that use quotes_change_seq and notify quotes_changed.
ALTER TABLE "tweets" RENAME TO "quotes";--> statement-breakpoint
ALTER SEQUENCE "tweets_id_seq" RENAME TO "quotes_id_seq";--> statement-breakpoint
ALTER SEQUENCE "tweets_change_seq" RENAME TO "quotes_change_seq";--> statement-breakpoint
ALTER TABLE "quotes" RENAME CONSTRAINT "tweets_pkey" TO "quotes_pkey";--> statement-breakpoint
ALTER TABLE "quotes" RENAME CONSTRAINT "tweets_source_post_id_unique" TO "quotes_source_post_id_unique";--> statement-breakpoint
-- PostgreSQL 18 (PGlite's) also names each NOT NULL constraint after its table
-- (tweets_text_not_null ...); older servers have none, so rename whichever exist.
DO $$
DECLARE
  old_name name;
BEGIN
  FOR old_name IN
    SELECT conname FROM pg_constraint WHERE conrelid = 'quotes'::regclass AND conname LIKE 'tweets\_%'
  LOOP
    EXECUTE format('ALTER TABLE quotes RENAME CONSTRAINT %I TO %I', old_name, 'quotes' || substr(old_name, 7));
  END LOOP;
END;
$$;
--> statement-breakpoint
ALTER INDEX "tweets_created_at_id_idx" RENAME TO "quotes_created_at_id_idx";--> statement-breakpoint
ALTER INDEX "tweets_public_created_at_id_idx" RENAME TO "quotes_public_created_at_id_idx";--> statement-breakpoint
ALTER INDEX "tweets_change_seq_idx" RENAME TO "quotes_change_seq_idx";--> statement-breakpoint
ALTER INDEX "tweets_text_search_idx" RENAME TO "quotes_text_search_idx";--> statement-breakpoint
DROP TRIGGER tweets_stamp_change ON quotes;--> statement-breakpoint
DROP TRIGGER tweets_notify_change ON quotes;--> statement-breakpoint
DROP FUNCTION tweets_stamp_change();--> statement-breakpoint
DROP FUNCTION tweets_notify_change();--> statement-breakpoint
-- As 0001: every real change to a quote gets a fresh change_seq and updated_at, then NOTIFY
-- quotes_changed carries the changed row to every process that LISTENs (decisions 008, 012). A
-- payload too large for NOTIFY (8000 bytes) carries only the id; the listener reads the row itself.
CREATE FUNCTION quotes_stamp_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW IS NOT DISTINCT FROM OLD THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    NEW.updated_at := now();
    NEW.change_seq := nextval('quotes_change_seq');
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER quotes_stamp_change BEFORE UPDATE ON quotes
  FOR EACH ROW EXECUTE FUNCTION quotes_stamp_change();
--> statement-breakpoint
CREATE FUNCTION quotes_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payload text;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW IS NOT DISTINCT FROM OLD THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    payload := json_build_object('op', TG_OP, 'id', OLD.id)::text;
  ELSE
    payload := json_build_object('op', TG_OP, 'id', NEW.id, 'row', row_to_json(NEW))::text;
    IF octet_length(payload) > 7900 THEN
      payload := json_build_object('op', TG_OP, 'id', NEW.id)::text;
    END IF;
  END IF;
  PERFORM pg_notify('quotes_changed', payload);
  -- The bridge below: a process of the previous version listens on tweets_changed.
  PERFORM pg_notify('tweets_changed', payload);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER quotes_notify_change AFTER INSERT OR UPDATE OR DELETE ON quotes
  FOR EACH ROW EXECUTE FUNCTION quotes_notify_change();
--> statement-breakpoint
-- A bridge for the rolling restart (README, Upgrades): until the second process restarts, it runs
-- the previous version, which reads and writes "tweets" and listens on tweets_changed. A simple
-- view is updatable (its writes reach quotes and its triggers); the second NOTIFY above keeps that
-- process's caches fresh. Nothing in this version uses either; a later migration drops both.
CREATE VIEW tweets AS SELECT * FROM quotes;
