-- Segments saved before the rules kept dates to the years 2000 to 2100 (src/shared/date-rules.ts) may hold a
-- purchase period beyond them (from 0000-01-01, to 9999-12-31), which the database cannot evaluate and the
-- contract no longer describes. Each such day moves to the nearest end of the range, which selects the same
-- purchases (a store holds none outside it); the rules count as edited, and the segment is built again.
with clamped as (
  update segments s
     set rules = jsonb_set(s.rules, '{blocks}', (
           select jsonb_agg(jsonb_set(b.block, '{conditions}', (
                    select jsonb_agg(
                             case when c.condition->'period'->>'kind' = 'between'
                                  then jsonb_set(jsonb_set(c.condition,
                                         '{period,from}', to_jsonb(least(greatest(c.condition->'period'->>'from', '2000-01-01'), '2100-12-31'))),
                                         '{period,to}', to_jsonb(least(greatest(c.condition->'period'->>'to', '2000-01-01'), '2100-12-31')))
                                  else c.condition end
                             order by c.position)
                      from jsonb_array_elements(b.block->'conditions') with ordinality as c(condition, position)))
                  order by b.position)
             from jsonb_array_elements(s.rules->'blocks') with ordinality as b(block, position))),
         rules_version = s.rules_version + 1,
         status = 'queued'
   where exists (
           select 1
             from jsonb_array_elements(s.rules->'blocks') as b(block),
                  jsonb_array_elements(b.block->'conditions') as c(condition)
            where c.condition->'period'->>'kind' = 'between'
              and (c.condition->'period'->>'from' not between '2000-01-01' and '2100-12-31'
                   or c.condition->'period'->>'to' not between '2000-01-01' and '2100-12-31'))
  returning s.id, s.store_id)
insert into jobs (queue, payload, singleton_key)
select 'segment-build', jsonb_build_object('storeId', store_id, 'segmentId', id::text), 'segment:' || id
  from clamped
on conflict (queue, singleton_key) where singleton_key is not null and status in ('pending', 'running') do nothing;
