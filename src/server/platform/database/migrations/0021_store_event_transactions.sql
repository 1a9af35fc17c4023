-- The transaction that recorded each event, so a reader holding a snapshot can ask for exactly the
-- events committed since (pg_visible_in_snapshot): ids come from a sequence and can commit out of
-- order, so "id above the last one seen" would miss a slow writer's events. The segments' live count
-- keeps its in-memory index current this way.
alter table store_events add column xid xid8 not null default pg_current_xact_id();
create index store_events_store_xid_idx on store_events (store_id, xid);
