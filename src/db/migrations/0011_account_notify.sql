-- Every process that holds editing connections is told at commit when an account's rights change, whichever process
-- or tool changed them (an HTTP route, the command line, psql): NOTIFY on the channel photobook_accounts with
-- {"user_id": id, "reason": "account_deleted" | "logged_out" | "role_changed"}. Each process closes that user's
-- connections (src/auth/account-changes.ts).
CREATE FUNCTION publish_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reason text;
BEGIN
  IF TG_OP = 'DELETE' OR (NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL) THEN
    reason := 'account_deleted';
  ELSIF NEW.token_version <> OLD.token_version THEN
    reason := 'logged_out';
  ELSE
    reason := 'role_changed';
  END IF;
  PERFORM pg_notify('photobook_accounts', json_build_object('user_id', OLD.id, 'reason', reason)::text);
  RETURN NULL;
END $$;

CREATE TRIGGER users_account_notify AFTER UPDATE OF role, token_version, deleted_at ON users
  FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.token_version IS DISTINCT FROM NEW.token_version
        OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION publish_account_change();

CREATE TRIGGER users_account_delete_notify AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION publish_account_change();
