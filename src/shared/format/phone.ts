/**
 * A phone in E.164 as the app shows one, the way Meta displays the store's own number (Integrations): Chilean
 * numbers grouped `+56 9 1234 5678`; any other number as it is, for we do not know its country's grouping.
 */
export function formatPhone(e164: string): string {
  const chilean = /^\+56(\d)(\d{4})(\d{4})$/.exec(e164);
  return chilean ? `+56 ${chilean[1]} ${chilean[2]} ${chilean[3]}` : e164;
}
