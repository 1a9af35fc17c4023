-- Mail leaves from the outbox by a job, with retries, never inside the request that wrote it.
alter table mail_outbox
  -- What to blank out of the text once SMTP has taken it (a link's token); emptied then.
  add column secrets text[] not null default '{}',
  -- Set when every attempt failed: the last error, kept for whoever looks into it.
  add column failed_at timestamptz,
  add column last_error text;
