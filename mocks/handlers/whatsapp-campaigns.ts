import { delay } from 'msw';
import type { components as App } from '../../src/shared/api/app.gen';
import { templateIssues, WHATSAPP_CAMPAIGN_LIMITS, whatsappCampaignInputSchema } from '../../src/shared/whatsapp-campaigns';
import texts from '../../src/web/i18n/es/createWhatsappCampaign.json';
import { allSegments } from '../fixtures/segments';
import { serverError } from '../fixtures/session';
import {
  campaignTemplates,
  type RecipientFilter,
  recipientPage,
  recipientsByCampaign,
  STORE_TIME_ZONE,
  whatsappCampaignAudienceFixture,
  whatsappCampaignFixture,
  whatsappCampaignNotFoundError,
  whatsappCampaignSummaries,
} from '../fixtures/whatsapp-campaigns';
import { whatsappNotConnectedError } from '../fixtures/whatsapp-templates';
import { appHttp } from './clients';
import { mockState } from './mock-state';

type WhatsappCampaign = App['schemas']['WhatsappCampaign'];
type WhatsappCampaignSummary = App['schemas']['WhatsappCampaignSummary'];
type WhatsappCampaignRecipient = App['schemas']['WhatsappCampaignRecipient'];
type WhatsappCampaignInput = App['schemas']['WhatsappCampaignInput'];
type WhatsappTemplate = App['schemas']['WhatsappTemplate'];
type ErrorBody = App['schemas']['Error'];
type FieldError = NonNullable<ErrorBody['fieldErrors']>[number];

const fails = () => Response.json(serverError, { status: 500 });

type Call = 'list' | 'campaign' | 'recipients' | 'create' | 'delete' | 'audience' | 'templates';

export interface WhatsappCampaignsStoreOptions {
  /**
   * The store's campaigns, the newest first; the fixtures' list by default. A summary gets its detail from
   * `whatsappCampaignFixture`; a whole campaign (the detail's fixtures) answers as it is.
   */
  campaigns?: readonly (WhatsappCampaignSummary | WhatsappCampaign)[];
  /** Each campaign's recipients, the most recent status first; the fixtures' by default, none for the others. */
  recipients?: Readonly<Record<number, readonly WhatsappCampaignRecipient[]>>;
  /** The store's templates with their content (the campaign form's choices); the fixtures' by default. */
  templates?: readonly WhatsappTemplate[];
  /** The messaging app is not connected: the list, the audience and the save answer 409. */
  notConnected?: boolean;
  /** Calls that fail with a server error. */
  failing?: readonly Call[];
  /** Calls that never answer (loading states, a save on its way). */
  pending?: readonly Call[];
  /** What a create answers instead of saving: a refusal (status and body). */
  refusal?: { status: 400 | 409; body: ErrorBody } | undefined;
}

/** The server's Spanish for a rule's key (`errors.nameRequired`), from the same text group the form reads. */
const spanish = (key: string) => (texts.errors as Record<string, string>)[key.replace(/^errors\./, '')] ?? key;

/** The day and hour in the store's time zone as an instant (Chile is UTC−3 in the fixtures' March). */
const instantOf = (date: string, time: string) => new Date(`${date}T${time}:00-03:00`);

/**
 * SPEC §5's rules as the server judges a body: the shared schema's, then those that need the template and the
 * clock; each on its field, in Spanish. Variables are named by their name (`variables.codigo`), as the contract says.
 */
export function campaignFieldErrors(input: WhatsappCampaignInput, templates: readonly WhatsappTemplate[], now = Date.now()): FieldError[] {
  const errors: FieldError[] = [];
  const parsed = whatsappCampaignInputSchema.safeParse(input);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const [head, index] = issue.path;
      const field =
        head === 'variables' && typeof index === 'number' ? `variables.${input.variables[index]?.name ?? index}` : issue.path.join('.');
      errors.push({ field, message: spanish(issue.message) });
    }
  const template = templates.find((each) => each.id === input.templateId);
  if (!template) errors.push({ field: 'templateId', message: spanish('errors.templateRequired') });
  else
    for (const issue of templateIssues(input, { ...template, headerFormat: template.header.format }))
      errors.push({ field: issue.path.join('.'), message: spanish(issue.message) });
  if (input.kind === 'unique' && input.sendDate && input.sendTime) {
    const graceMs = WHATSAPP_CAMPAIGN_LIMITS.sendGraceMinutes * 60_000;
    if (instantOf(input.sendDate, input.sendTime).getTime() < now - graceMs)
      errors.push({ field: 'sendTime', message: spanish('errors.sendInPast') });
  }
  const seen = new Set<string>();
  return errors.filter((error) => !seen.has(error.field) && seen.add(error.field));
}

/** The campaign a saved body makes: a unique one waits for its time, an automated one is active at once. */
function created(id: number, input: WhatsappCampaignInput, template: WhatsappTemplate): WhatsappCampaign {
  const segment = allSegments.find((each) => each.id === input.segmentId);
  const summary: WhatsappCampaignSummary = {
    id,
    name: input.name.trim(),
    kind: input.kind,
    status: input.kind === 'unique' ? 'scheduled' : 'active',
    pauseReason: null,
    pausedUntil: null,
    template: { id: template.id, name: template.name, status: template.status, category: template.category },
    segment: segment ? { id: segment.id, name: segment.name ?? segment.key ?? '' } : null,
    event: input.event,
    sendAt: input.sendDate && input.sendTime ? instantOf(input.sendDate, input.sendTime).toISOString() : null,
    createdAt: new Date().toISOString(),
    sentAt: null,
    progress: { done: 0, total: 0 },
    metrics: whatsappCampaignFixture(whatsappCampaignSummaries[0]!).metrics,
  };
  return {
    ...whatsappCampaignFixture(summary),
    delay: input.delay,
    window: input.window,
    variables: input.variables,
    deferred: null,
  };
}

/**
 * A store whose WhatsApp campaigns answer the list, the form (its templates, its audience, the save with the
 * server's checks), the detail and its recipients, and deletion, from the fixtures: creating and deleting change
 * what the next call answers, as the server does.
 */
export function whatsappCampaignsStore({
  campaigns: initial = whatsappCampaignSummaries,
  recipients = recipientsByCampaign,
  templates = campaignTemplates,
  notConnected = false,
  failing = [],
  pending = [],
  refusal,
}: WhatsappCampaignsStoreOptions = {}) {
  const campaigns = mockState(() => initial.map((each) => ('content' in each ? each : whatsappCampaignFixture(each))));
  const find = (campaignId: number) => campaigns.current.find((each) => each.id === campaignId);
  const wait = async (call: Call) => {
    if (pending.includes(call)) await delay('infinite');
  };
  const summaryOf = ({
    timeZone: _timeZone,
    delay: _delay,
    window: _window,
    variables: _variables,
    headerMedia: _headerMedia,
    content: _content,
    clicksByButton: _clicks,
    deferred: _deferred,
    ...rest
  }: WhatsappCampaign) => rest satisfies WhatsappCampaignSummary;
  const notFound = () => Response.json(whatsappCampaignNotFoundError, { status: 404 });
  return [
    appHttp.get('/private/stores/{id}/whatsappCampaigns', async ({ response }) => {
      await wait('list');
      if (notConnected) return response(409).json(whatsappNotConnectedError);
      if (failing.includes('list')) return response.untyped(fails());
      return response(200).json({ campaigns: campaigns.current.map(summaryOf), timeZone: STORE_TIME_ZONE });
    }),
    appHttp.post('/private/stores/{id}/whatsappCampaigns', async ({ request, response }) => {
      await wait('create');
      if (notConnected) return response(409).json(whatsappNotConnectedError);
      if (failing.includes('create')) return response.untyped(fails());
      if (refusal) return response.untyped(Response.json(refusal.body, { status: refusal.status }));
      const input = await request.json();
      const fieldErrors = campaignFieldErrors(input, templates);
      if (fieldErrors.length > 0)
        return response(400).json({ message: 'Revisa los campos marcados.', code: 'invalid_request', fieldErrors });
      const template = templates.find((each) => each.id === input.templateId)!;
      const campaign = created(Math.max(500, ...campaigns.current.map((each) => each.id)) + 1, input, template);
      campaigns.current = [campaign, ...campaigns.current];
      return response(201).json(campaign);
    }),
    appHttp.get('/private/stores/{id}/whatsappCampaigns/{campaignId}', async ({ params, response }) => {
      await wait('campaign');
      if (failing.includes('campaign')) return response.untyped(fails());
      const campaign = find(Number(params.campaignId));
      return campaign ? response(200).json(campaign) : response.untyped(notFound());
    }),
    appHttp.delete('/private/stores/{id}/whatsappCampaigns/{campaignId}', async ({ params, response }) => {
      await wait('delete');
      if (failing.includes('delete')) return response.untyped(fails());
      const campaign = find(Number(params.campaignId));
      if (!campaign) return response.untyped(notFound());
      campaigns.current = campaigns.current.filter((each) => each !== campaign);
      return response(204).empty();
    }),
    appHttp.get('/private/stores/{id}/whatsappCampaigns/{campaignId}/recipients', async ({ params, query, response }) => {
      await wait('recipients');
      if (failing.includes('recipients')) return response.untyped(fails());
      const campaign = find(Number(params.campaignId));
      if (!campaign) return response.untyped(notFound());
      const filter = query.get('filter');
      const page = Number(query.get('page') ?? '1');
      return response(200).json(
        recipientPage(
          recipients[campaign.id] ?? [],
          filter === 'read' || filter === 'unread' ? (filter satisfies RecipientFilter) : 'all',
          Number.isInteger(page) && page > 0 ? page : 1,
        ),
      );
    }),
    appHttp.get('/private/stores/{id}/whatsappCampaignAudience', async ({ query, response }) => {
      await wait('audience');
      if (notConnected) return response(409).json(whatsappNotConnectedError);
      if (failing.includes('audience')) return response.untyped(fails());
      const template = templates.find((each) => each.id === Number(query.get('templateId')));
      if (!template)
        return response.untyped(Response.json({ message: 'No encontramos esta plantilla.', code: 'not_found' }, { status: 404 }));
      const segmentId = query.get('segmentId');
      const event = query.get('event');
      return response(200).json(
        whatsappCampaignAudienceFixture(
          template,
          segmentId === null ? null : Number(segmentId),
          event === 'segmentEntry' || event === 'orderFulfilled' || event === 'cartAbandoned' ? event : null,
        ),
      );
    }),
    // The form reads the templates it offers from the templates' own calls.
    appHttp.get('/private/stores/{id}/whatsappTemplates', async ({ response }) => {
      await wait('templates');
      if (notConnected) return response(409).json(whatsappNotConnectedError);
      if (failing.includes('templates')) return response.untyped(fails());
      return response(200).json({
        templates: templates.map(
          ({ header: _header, body: _body, footer: _footer, variables: _variables, buttons: _buttons, history: _history, ...rest }) => rest,
        ),
      });
    }),
    appHttp.get('/private/stores/{id}/whatsappTemplates/{templateId}', async ({ params, response }) => {
      await wait('templates');
      const template = templates.find((each) => each.id === Number(params.templateId));
      return template
        ? response(200).json(template)
        : response.untyped(Response.json({ message: 'No encontramos esta plantilla.', code: 'not_found' }, { status: 404 }));
    }),
  ];
}

export const whatsappCampaignsHandlers = whatsappCampaignsStore();
