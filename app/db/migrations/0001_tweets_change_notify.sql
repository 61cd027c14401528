-- Live updates (docs/decisions/0002-realtime.md). Every real change to a quote gets a fresh
-- change_seq and updated_at, then NOTIFY tweets_changed carries the changed row to every
-- process that LISTENs. A payload too large for NOTIFY (8000 bytes) carries only the id; the
-- listener reads the row itself.
CREATE FUNCTION tweets_stamp_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW IS NOT DISTINCT FROM OLD THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    NEW.updated_at := now();
    NEW.change_seq := nextval('tweets_change_seq');
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tweets_stamp_change BEFORE UPDATE ON tweets
  FOR EACH ROW EXECUTE FUNCTION tweets_stamp_change();
--> statement-breakpoint
CREATE FUNCTION tweets_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
  PERFORM pg_notify('tweets_changed', payload);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tweets_notify_change AFTER INSERT OR UPDATE OR DELETE ON tweets
  FOR EACH ROW EXECUTE FUNCTION tweets_notify_change();
