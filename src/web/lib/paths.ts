// The addresses more than one feature links to (and the app's shell, banners and guards with them).
// A feature's own addresses live in its routes/paths.ts, which its route module and containers import.

/** A route pattern's record parameter (`/segments/:id`): the path builders give the pattern for it. */
export const ID_PARAM = ':id';
export type RecordId = number | typeof ID_PARAM;

export const HOME_PATH = '/dashboard';
/** The dashboard right after a plan starts: it welcomes the new subscription. */
export const SUBSCRIBED_PATH = `${HOME_PATH}?subscription=success`;
/** Where the store, Meta, WhatsApp and Klaviyo are connected: screens that need one link here. */
export const INTEGRATIONS_PATH = '/integrations';
export const ACCOUNT_PATH = '/account';
/** The ad campaigns: the dashboard links to them, and a segment to a new campaign for it. */
export const CAMPAIGNS_PATH = '/campaigns';
export const CREATE_CAMPAIGN_PATH = `${CAMPAIGNS_PATH}/create`;
export const campaignDetailPath = (campaignId: RecordId) => `${CAMPAIGNS_PATH}/${campaignId}`;
/** The new campaign's wizard with a segment already chosen. */
export const campaignForSegmentPath = (segmentId: number) => `${CREATE_CAMPAIGN_PATH}?segmentId=${segmentId}`;
/** The terms of service and the privacy policy: public pages, linked from sign-up and from accepting a plan. */
export const TERMS_PATH = '/terms';
export const PRIVACY_PATH = '/privacy';
