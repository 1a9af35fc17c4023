import { type CarriedAnswer, FIRST_ANSWERS_ID, LIVE_POSITION_ID, type LivePosition } from '../../shared/first-answers';

/**
 * The app asks for every answer the page carries as it starts. One still untaken after this long
 * since the page opened is dropped: it may be out of date (or another user's, after signing out and
 * in again).
 */
const FRESH_FOR_MS = 30_000;

/**
 * The answers to the app's first data requests that the server wrote into the entry page
 * (src/server/platform/pages/first-answers.ts), by address (`/api/auth/me`). Each serves the first GET of
 * its address once, as a fresh answer would (a refusal too, with its status), so a phone does not ask the server again for what the
 * page already brought; any later request goes to the network.
 */
let answers: Map<string, CarriedAnswer> | undefined;

function pageAnswers(): Map<string, CarriedAnswer> {
  if (answers) return answers;
  answers = new Map();
  const element = globalThis.document?.getElementById(FIRST_ANSWERS_ID);
  if (!element?.textContent) return answers;
  try {
    answers = new Map(Object.entries(JSON.parse(element.textContent) as Record<string, CarriedAnswer>));
  } catch {
    // A page that cannot be read brings nothing: the app asks for everything itself.
  }
  element.remove();
  return answers;
}

/** The page's answer to `request`, taken (it serves once); undefined when it brought none. */
export function takeFirstAnswer(request: Request): Response | undefined {
  const carried = pageAnswers();
  if (performance.now() > FRESH_FOR_MS) carried.clear();
  // Once the start's answers are taken, every request goes straight to the network.
  if (carried.size === 0 || request.method !== 'GET') return undefined;
  const url = new URL(request.url);
  if (url.origin !== globalThis.location?.origin) return undefined;
  const address = `${url.pathname}${url.search}`;
  const answer = carried.get(address);
  if (!answer) return undefined;
  carried.delete(address);
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
}

let livePosition: LivePosition | null | undefined;

/** Where the page says the store's live stream stood when it was made; once, while the page is fresh. */
export function takeLivePosition(storeId: number): string | undefined {
  if (livePosition === undefined) {
    const element = globalThis.document?.getElementById(LIVE_POSITION_ID);
    try {
      livePosition = element?.textContent ? (JSON.parse(element.textContent) as LivePosition) : null;
    } catch {
      livePosition = null;
    }
    element?.remove();
  }
  const position = livePosition;
  livePosition = null;
  return position && position.storeId === storeId && performance.now() <= FRESH_FOR_MS ? position.lastEventId : undefined;
}
