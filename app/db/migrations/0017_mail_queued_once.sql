-- The mail sender's wake-up carries nothing: every listener looks at the table when woken. With
-- one payload for every row, PostgreSQL folds a transaction's notifications into one, so a
-- mailing's 10,000 queued copies wake each process once instead of sending it 10,000 messages
-- (decision 079).
CREATE OR REPLACE FUNCTION outgoing_mail_notify_queued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'queued' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'queued') THEN
    PERFORM pg_notify('outgoing_mail_queued', '');
  END IF;
  RETURN NULL;
END;
$$;
