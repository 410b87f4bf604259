-- Written by hand (not generated): calls the outbox-worker Edge Function every minute.
-- It reads two Vault entries, created once per project (see docs/deployment.md, shape 4):
--   project_url          https://<ref>.supabase.co
--   outbox_worker_secret the same value as the function's OUTBOX_WORKER_SECRET, if set
-- pg_net sends the call; a missed or failed call is harmless: the next minute's call, or a send
-- started by send-contact-email, drains whatever is due.

CREATE EXTENSION IF NOT EXISTS pg_cron;

DO $$
BEGIN
  -- pg_net on a Supabase project; the tests' stand-in already provides the schema.
  IF NOT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'net') THEN
    CREATE EXTENSION pg_net;
  END IF;
END
$$;

SELECT cron.schedule(
  'outbox-worker',
  '* * * * *',
  $job$
  SELECT net.http_post(
    url := (SELECT decrypted_secret FROM vault.decrypted_secrets WHERE name = 'project_url')
      || '/functions/v1/outbox-worker',
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'x-outbox-worker-secret',
      (SELECT decrypted_secret FROM vault.decrypted_secrets WHERE name = 'outbox_worker_secret')
    ),
    body := '{}'::jsonb,
    timeout_milliseconds := 60000
  )
  $job$
);
