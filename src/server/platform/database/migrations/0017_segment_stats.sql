-- A segment's customers table (features/segments/customers-table.ts) sorts by name and searches names,
-- emails and phones without case or accents, as platform/database/text-search.ts folds them. Folding in the query
-- cost a translate() per customer per request (about a second for a segment of 200,000 on PGlite, since
-- every order of the table ends on the name); stored, it is computed once per write of the customer.
-- The fields of the search text are joined by a line break, which a search cannot hold (control
-- characters are refused), so a search never matches across two fields.
alter table customers
  add column sort_name text generated always as (
    translate(lower(btrim(coalesce(btrim(first_name), '') || ' ' || coalesce(btrim(last_name), ''))),
              'ÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãåéèêëíìîïóòôöõúùûüñç', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')) stored,
  add column search_text text generated always as (
    translate(lower(btrim(coalesce(btrim(first_name), '') || ' ' || coalesce(btrim(last_name), '')) || E'\n' || coalesce(email, '') || E'\n' || coalesce(phone, '')),
              'ÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãåéèêëíìîïóòôöõúùûüñç', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')) stored;
