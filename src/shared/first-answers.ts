/**
 * The id of the element in which the entry page carries the answers to the app's first data
 * requests: written by the server (src/server/platform/first-answers.ts), read by the app's client
 * (src/web/api/first-answers.ts).
 */
export const FIRST_ANSWERS_ID = 'first-answers';
