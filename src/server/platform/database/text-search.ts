/*
 * Case and accent folding written in SQL that PGlite and PostgreSQL read alike, whatever the database's
 * locale: `lower` folds ASCII everywhere, `translate` the accented letters of both cases (a C locale's
 * `lower` leaves "Á" alone). The searches and name orders of every table the merchant reads use it, so
 * "cafe" finds "Café" and "Ñandú" sorts beside "nandu" on both databases.
 */
const ACCENTED = 'ÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãåéèêëíìîïóòôöõúùûüñç';
const FOLDED = 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc';

/** `sql` (an expression of type text) without case or accents. */
export const folded = (sql: string) => `translate(lower(${sql}), '${ACCENTED}', '${FOLDED}')`;

/** Whether the text `sql` contains the search `needle` (an expression, usually a parameter), both folded. */
export const containsFolded = (sql: string, needle: string) => `strpos(${folded(sql)}, ${folded(needle)}) > 0`;
