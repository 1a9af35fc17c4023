import { delay } from 'msw';
import type { components as App } from '../../src/shared/api/app.gen';
import { serverError } from '../fixtures/session';
import {
  headerImage,
  templateNameTakenError,
  whatsappNotConnectedError,
  whatsappTemplateFixture,
  whatsappTemplateSummaries,
} from '../fixtures/whatsapp-templates';
import { appHttp } from './clients';
import { mockState } from './mock-state';

type WhatsappTemplate = App['schemas']['WhatsappTemplate'];
type WhatsappTemplateSummary = App['schemas']['WhatsappTemplateSummary'];
type WhatsappTemplateInput = App['schemas']['WhatsappTemplateInput'];
type ErrorBody = App['schemas']['Error'];

const fails = () => Response.json(serverError, { status: 500 });
const notFound = () => Response.json({ message: 'No encontramos esta plantilla.', code: 'not_found' } satisfies ErrorBody, { status: 404 });

type Call = 'list' | 'template' | 'create' | 'update' | 'delete' | 'upload';

export interface WhatsappTemplatesStoreOptions {
  /** The store's templates, the most recently changed first; the fixtures' by default. */
  templates?: readonly WhatsappTemplateSummary[];
  /** The messaging app is not connected: the list and the saves answer 409. */
  notConnected?: boolean;
  /** Calls that fail with a server error. */
  failing?: readonly Call[];
  /** Calls that never answer (loading states, a save or an upload on its way). */
  pending?: readonly Call[];
  /** What a create or an update answers instead of saving: a refusal (status and body). */
  refusal?: { status: 400 | 409 | 422; body: ErrorBody } | undefined;
}

/** The template a saved body makes, in review again as Meta puts it. */
function saved(id: number, input: WhatsappTemplateInput, before: WhatsappTemplate | undefined): WhatsappTemplate {
  const now = new Date().toISOString();
  return {
    id,
    name: input.name,
    description: input.description ?? null,
    category: input.category,
    language: 'es',
    status: 'PENDING',
    rejectionReason: null,
    rejectionDetail: null,
    pausedUntil: null,
    quality: 'UNKNOWN',
    headerFormat: input.header.format,
    editing: { allowed: false, reason: 'inReview', availableAt: null },
    createdAt: before?.createdAt ?? now,
    updatedAt: now,
    header: {
      format: input.header.format,
      text: input.header.text,
      media: input.header.mediaId === null ? null : { ...headerImage, id: input.header.mediaId },
    },
    body: input.body,
    footer: input.footer,
    variables: input.variables,
    buttons: input.buttons,
    history: [...(before?.history ?? []), { status: 'PENDING', at: now, rejectionReason: null, pausedUntil: null }],
  };
}

/**
 * A store whose templates answer every call of the list, the form and the detail, from the fixtures: creating,
 * editing and deleting change what the next call answers, as the server does, and a taken name is refused (2047).
 */
export function whatsappTemplatesStore({
  templates: initial = whatsappTemplateSummaries,
  notConnected = false,
  failing = [],
  pending = [],
  refusal,
}: WhatsappTemplatesStoreOptions = {}) {
  const templates = mockState(() => initial.map(whatsappTemplateFixture));
  const find = (templateId: number) => templates.current.find((template) => template.id === templateId);
  const wait = async (call: Call) => {
    if (pending.includes(call)) await delay('infinite');
  };
  const summaryOf = ({
    header: _header,
    body: _body,
    footer: _footer,
    variables: _variables,
    buttons: _buttons,
    history: _history,
    ...rest
  }: WhatsappTemplate) => rest satisfies WhatsappTemplateSummary;
  return [
    appHttp.get('/private/stores/{id}/whatsappTemplates', async ({ response }) => {
      await wait('list');
      if (notConnected) return response(409).json(whatsappNotConnectedError);
      if (failing.includes('list')) return response.untyped(fails());
      return response(200).json({ templates: templates.current.map(summaryOf) });
    }),
    appHttp.get('/private/stores/{id}/whatsappTemplates/{templateId}', async ({ params, response }) => {
      await wait('template');
      if (failing.includes('template')) return response.untyped(fails());
      const template = find(Number(params.templateId));
      return template ? response(200).json(template) : response.untyped(notFound());
    }),
    appHttp.post('/private/stores/{id}/whatsappTemplates', async ({ request, response }) => {
      await wait('create');
      if (notConnected) return response(409).json(whatsappNotConnectedError);
      if (failing.includes('create')) return response.untyped(fails());
      if (refusal) return response.untyped(Response.json(refusal.body, { status: refusal.status }));
      const input = await request.json();
      if (templates.current.some((template) => template.name === input.name)) return response(409).json(templateNameTakenError);
      const template = saved(Math.max(300, ...templates.current.map((other) => other.id)) + 1, input, undefined);
      templates.current = [template, ...templates.current];
      return response(201).json(template);
    }),
    appHttp.put('/private/stores/{id}/whatsappTemplates/{templateId}', async ({ params, request, response }) => {
      await wait('update');
      if (failing.includes('update')) return response.untyped(fails());
      if (refusal) return response.untyped(Response.json(refusal.body, { status: refusal.status }));
      const before = find(Number(params.templateId));
      if (!before) return response.untyped(notFound());
      const template = saved(before.id, await request.json(), before);
      templates.current = [template, ...templates.current.filter((other) => other.id !== before.id)];
      return response(200).json(template);
    }),
    appHttp.delete('/private/stores/{id}/whatsappTemplates/{templateId}', async ({ params, response }) => {
      await wait('delete');
      if (failing.includes('delete')) return response.untyped(fails());
      const template = find(Number(params.templateId));
      if (!template) return response.untyped(notFound());
      templates.current = templates.current.filter((other) => other !== template);
      return response(204).empty();
    }),
    appHttp.post('/private/stores/{id}/whatsappTemplateMedia', async ({ query, request, response }) => {
      await wait('upload');
      if (failing.includes('upload')) return response.untyped(fails());
      const type = request.headers.get('Content-Type') ?? '';
      const kind = type.startsWith('image/') ? 'image' : type.startsWith('video/') ? 'video' : 'document';
      const bytes = (await request.arrayBuffer()).byteLength;
      return response(201).json({
        ...headerImage,
        id: 950,
        kind,
        name: query.get('name') ?? headerImage.name,
        mimeType: type as never,
        bytes,
      });
    }),
  ];
}

export const whatsappTemplatesHandlers = whatsappTemplatesStore();
