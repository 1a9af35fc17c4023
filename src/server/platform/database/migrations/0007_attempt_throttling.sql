-- An id per recorded attempt, so an attempt counted before its outcome was known (a sign-in, before
-- the password is checked) can be taken back alone once it turns out not to be a failure.
alter table rate_limit_events add column id bigint generated always as identity primary key;
