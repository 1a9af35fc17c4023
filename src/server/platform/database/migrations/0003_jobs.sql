-- A durable job queue: the same SQL on PGlite and PostgreSQL (see platform/jobs/jobs.ts for why not a library).
create table jobs (
  id bigint generated always as identity primary key,
  queue text not null,
  payload jsonb not null default '{}',
  -- At most one pending or running job per (queue, singleton_key).
  singleton_key text,
  status text not null default 'pending' check (status in ('pending', 'running', 'done', 'failed')),
  run_at timestamptz not null default now(),
  attempts integer not null default 0,
  max_attempts integer not null default 5,
  -- A running job whose lease lapsed (its process died) is picked up again.
  locked_until timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index jobs_due_idx on jobs (queue, run_at) where status in ('pending', 'running');
create unique index jobs_singleton_key on jobs (queue, singleton_key) where singleton_key is not null and status in ('pending', 'running');
