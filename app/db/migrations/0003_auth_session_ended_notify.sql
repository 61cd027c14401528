-- Event streams end with their session (docs/decisions/008-realtime.md). Deleting a session
-- row (sign-out, revocation on password reset or factor enrolment, an account removed, expired
-- rows cleared) sends NOTIFY auth_session_ended with the session id to every process that
-- LISTENs, so each closes that session's streams at once. The payload is the row id, never the
-- token, which is the credential.
CREATE FUNCTION auth_session_notify_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_session_ended', OLD.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER auth_session_notify_ended AFTER DELETE ON auth_session
  FOR EACH ROW EXECUTE FUNCTION auth_session_notify_ended();
