/**
 * The id of the element in which the entry page carries the answers to the app's first data
 * requests: written by the server (src/server/platform/pages/first-answers.ts), read by the app's client
 * (src/web/api/first-answers.ts).
 */
export const FIRST_ANSWERS_ID = 'first-answers';

/** One answer the entry page carries, by address: the API's status and JSON body. */
export interface CarriedAnswer {
  status: number;
  body: unknown;
}

/** The element that says where the store's live stream stood when the page was made, as `LivePosition`. */
export const LIVE_POSITION_ID = 'live-position';

/** The live stream's position the page carries: a tab resumes from it, so nothing after the page's own answers is missed. */
export interface LivePosition {
  storeId: number;
  lastEventId: string;
}
