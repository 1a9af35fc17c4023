-- Job workers that are alive: each refreshes seen_at every few seconds (platform/jobs/jobs.ts), so the
-- jobs of a worker that is no longer seen go back to the queue at once instead of waiting out their
-- lease (an import would otherwise stand still for two minutes after a crash).
create table job_workers (
  id text primary key,
  started_at timestamptz not null default now(),
  seen_at timestamptz not null default now()
);
-- The worker running a job. Null for jobs claimed before workers were tracked, or by a worker that
-- only drains: for those the lease alone decides.
alter table jobs add column locked_by text;
create index jobs_running_by_worker_idx on jobs (locked_by) where status = 'running';
