-- A segment whose members cannot be computed, after its build's retries, is marked failed with the reason
-- the merchant reads, rather than holding up the store's other segments (features/segments/membership.ts).
alter table segments drop constraint segments_status_check;
alter table segments add constraint segments_status_check
  check (status in ('queued', 'inProgress', 'processingData', 'ready', 'failed'));
-- Why the last build failed, in Spanish; null unless the status is failed.
alter table segments add column build_failure text;
