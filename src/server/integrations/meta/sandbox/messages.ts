import { createHash } from 'node:crypto';
import type { GraphTemplateButton, GraphTemplateComponent } from '../whatsapp/types.ts';
import type { MessageStatusName, MessagesValue, WebhookError, WebhookMessage, WebhookStatus } from '../whatsapp/webhooks.ts';
import { enumParameter, GraphError, requiredParameter } from './errors.ts';
import type { NodeContext } from './nodes.ts';
import type { MetaSandboxStore, SandboxMessage, SandboxPhoneNumber, SandboxRecipient, SandboxTemplate } from './store.ts';

/*
 * Sending messages, as the Cloud API (`POST /{phone-number-id}/messages`) and the Marketing Messages API for
 * WhatsApp (`POST /{phone-number-id}/marketing_messages`, marketing templates only, with `product_policy` and
 * `message_activity_sharing`) take them: JSON or form bodies, Meta's answer
 * `{messaging_product, contacts: [{input, wa_id}], messages: [{id: "wamid…", message_status: "accepted"}]}`
 * and Meta's refusals `{error: {message, type, code, error_data: {messaging_product, details}, fbtrace_id}}`.
 *
 * What Meta refuses at once: a template that does not exist in that language or is not approved (132001),
 * paused (132015) or disabled (132016), parameters that do not match the template (132000 count, 132012
 * format, 131008 missing), a bad phone (131009), the number's throughput (130429: 80 messages a second unless
 * a control raises it) and the pair rate limit (131056: a second message to the same user within 6 s).
 * What Meta accepts and then fails with a `failed` status, as it does: a user who stopped marketing (131050),
 * one Meta holds back for their marketing limit (131049), an undeliverable number (131026), free text outside
 * the 24-hour window since the customer last wrote (131047). A control can have the first three refused in
 * the answer instead, for callers that must handle both.
 *
 * Each accepted message is recorded (`store.messaging.sent`) and its statuses are queued for the webhooks on
 * the sandbox's clock: sent at once, delivered a second later, read five seconds later (unless the user does not read),
 * with Meta's habits drawn from the seed when asked: a status sent twice, read with no delivered before it,
 * delivered arriving after read.
 */

const MESSAGING = ['whatsapp_business_messaging'];
export const MESSAGING_PERMISSIONS = MESSAGING;
export const DEFAULT_THROUGHPUT = 80;
export const PAIR_WINDOW_MS = 6_000;
const SERVICE_WINDOW_MS = 24 * 3_600_000;
const TEXT_LIMIT = 4096;
const MESSAGE_TYPES = [
  'text',
  'template',
  'image',
  'document',
  'video',
  'audio',
  'sticker',
  'reaction',
  'location',
  'contacts',
  'interactive',
];
const MEDIA_TYPES = ['image', 'document', 'video', 'audio', 'sticker'];
const ERROR_HREF = 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/';

/** Meta's titles and explanations of the messaging errors the sandbox gives. */
export const MESSAGE_ERRORS = {
  130429: ['Rate limit hit', 'Cloud API message throughput has been reached.'],
  131000: ['Something went wrong', 'Message failed to send due to an unknown error.'],
  131008: ['Required parameter is missing', 'The request is missing a required parameter.'],
  131009: ['Parameter value is not valid', 'One or more parameter values are invalid.'],
  131026: [
    'Message Undeliverable',
    'Message failed to send because the recipient cannot receive it (not a WhatsApp user, or unreachable).',
  ],
  131047: [
    'Re-engagement message',
    'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  ],
  131049: [
    'This message was not delivered to maintain healthy ecosystem engagement.',
    'In order to maintain a healthy ecosystem engagement, the message failed to be delivered.',
  ],
  131050: [
    'Unable to deliver the message. This recipient has chosen to stop receiving marketing messages on WhatsApp from your business.',
    'The user stopped marketing messages from this business.',
  ],
  131056: [
    '(Business Account, Consumer Account) pair rate limit hit',
    'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.',
  ],
  132000: [
    'Template Param Count Mismatch',
    'The number of variable parameter values included in the request did not match the number of variable parameters defined in the template.',
  ],
  132001: ['Template does not exist', 'The template does not exist in the specified language or the template has not been approved.'],
  132012: ['Template Parameter Format Mismatch', 'Variable parameter values formatted incorrectly.'],
  132015: ['Template is Paused', 'Template is paused due to low quality so it cannot be sent in a template message.'],
  132016: ['Template is Disabled', 'Template has been paused too many times due to low quality and is now permanently disabled.'],
} as const satisfies Record<number, readonly [string, string]>;
export type MessageErrorCode = keyof typeof MESSAGE_ERRORS;

/** Meta's refusal of a send, with `details` saying what exactly (Meta's explanation by default). */
export function messageError(code: MessageErrorCode, details?: string, status = 400): GraphError {
  const [title, explanation] = MESSAGE_ERRORS[code];
  return new GraphError(status, {
    message: `(#${code}) ${title}`,
    type: 'OAuthException',
    code,
    error_data: { messaging_product: 'whatsapp', details: details ?? explanation },
    ...(code === 131000 || code === 130429 ? { is_transient: true } : {}),
  });
}

/** The same error as a webhook writes it (a `failed` status's `errors[]`). */
export function webhookError(code: MessageErrorCode, details?: string): WebhookError {
  const [title, explanation] = MESSAGE_ERRORS[code];
  return { code, title, message: title, error_data: { details: details ?? explanation }, href: ERROR_HREF };
}

/** The recipient's state, created as a reachable user who allows marketing. */
export function recipientOf(store: MetaSandboxStore, waId: string): SandboxRecipient {
  let recipient = store.messaging.recipients.get(waId);
  if (!recipient) {
    recipient = { marketing: 'allowed', undeliverable: false, refuseInResponse: false, reads: true, lastInbound: new Map() };
    store.messaging.recipients.set(waId, recipient);
  }
  return recipient;
}

/** A phone as WhatsApp addresses it: its digits with the country code; null when it cannot be one. */
export function waIdOf(to: string): string | null {
  const digits = to.replace(/[\s()+.-]/g, '');
  return /^[1-9]\d{7,14}$/.test(digits) ? digits : null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const stringOf = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const variablesOf = (text: string) => [...new Set([...text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((match) => match[1]!))];

/** A template's request object, checked against the stored template; the parameters given, by where they go. */
function checkTemplateParameters(
  template: SandboxTemplate,
  given: unknown,
  context: NodeContext,
  phone: SandboxPhoneNumber,
): Record<string, string> {
  const components = Array.isArray(given) ? given.filter(isObject) : [];
  const ofType = (type: string) => components.filter((component) => stringOf(component.type).toLowerCase() === type);
  const parameters: Record<string, string> = {};
  const named = template.parameterFormat === 'NAMED';

  /** Text parameters for these variables (named ones by name, positional ones in order). */
  function textParameters(where: string, variables: string[], raw: unknown) {
    const list = Array.isArray(raw) ? raw.filter(isObject) : [];
    if (list.length !== variables.length)
      throw messageError(
        132000,
        `${where}: expected number of params (${variables.length}) does not match received number of params (${list.length})`,
      );
    list.forEach((parameter, index) => {
      if (stringOf(parameter.type) !== 'text') throw messageError(132012, `${where}: parameter ${index + 1} must be of type text`);
      const name = named ? stringOf(parameter.parameter_name) : variables[index]!;
      if (named && !variables.includes(name))
        throw messageError(
          132012,
          `${where}: the template has no parameter named "${name || '(none)'}"; it expects ${variables.join(', ')}`,
        );
      const text = stringOf(parameter.text);
      if (!text.trim()) throw messageError(131008, `${where}: parameter ${name} has no text`);
      if (/[\n\t]| {5,}/.test(text) && where === 'body')
        throw messageError(132012, `${where}: parameter ${name} cannot have new lines, tabs or more than 4 consecutive spaces`);
      parameters[`${where}.${name}`] = text;
    });
  }

  const stored = (type: GraphTemplateComponent['type']) => template.components.find((component) => component.type === type);
  const header = stored('HEADER');
  const givenHeader = ofType('header')[0];
  if (header && 'format' in header && header.format !== 'TEXT' && header.format !== 'LOCATION') {
    const kind = header.format.toLowerCase();
    const list = Array.isArray(givenHeader?.parameters) ? givenHeader.parameters.filter(isObject) : [];
    if (list.length !== 1) throw messageError(132000, `header: the template's ${kind} header needs one ${kind} parameter`);
    const media = list[0]![kind];
    if (stringOf(list[0]!.type) !== kind || !isObject(media)) throw messageError(132012, `header: the parameter must be of type ${kind}`);
    const id = stringOf(media.id);
    const link = stringOf(media.link);
    if (id) {
      const uploaded = context.store.media.get(id);
      if (!uploaded || uploaded.phoneNumberId !== phone.id)
        throw messageError(131009, `header: media id ${id} was not uploaded for this phone number`);
      parameters[`header.${kind}`] = id;
    } else if (/^https?:\/\/\S+$/.test(link)) parameters[`header.${kind}`] = link;
    else throw messageError(131009, `header: the ${kind} needs an uploaded media id or an http(s) link`);
  } else {
    const variables = header && 'text' in header && header.text ? variablesOf(header.text) : [];
    if (variables.length > 0 || givenHeader) textParameters('header', variables, givenHeader?.parameters);
  }

  const body = stored('BODY');
  const bodyVariables = body && 'text' in body && body.text ? variablesOf(body.text) : [];
  const givenBody = ofType('body')[0];
  if (bodyVariables.length > 0 || givenBody) textParameters('body', bodyVariables, givenBody?.parameters);

  const buttonsComponent = stored('BUTTONS');
  const buttons: GraphTemplateButton[] = buttonsComponent && 'buttons' in buttonsComponent ? buttonsComponent.buttons : [];
  const givenButtons = ofType('button');
  buttons.forEach((button, index) => {
    const mine = givenButtons.find((component) => Number(stringOf(component.index)) === index);
    if (button.type === 'URL' && variablesOf(button.url).length > 0) {
      if (!mine) throw messageError(132000, `button ${index}: the URL button needs its dynamic suffix`);
      const list = Array.isArray(mine.parameters) ? mine.parameters.filter(isObject) : [];
      if (stringOf(mine.sub_type).toLowerCase() !== 'url' || list.length !== 1 || stringOf(list[0]!.type) !== 'text')
        throw messageError(132012, `button ${index}: a URL button takes sub_type url and one text parameter`);
      const suffix = stringOf(list[0]!.text);
      if (!suffix) throw messageError(131008, `button ${index}: the URL suffix is empty`);
      parameters[`button.${index}`] = suffix;
    } else if (mine) {
      if (button.type !== 'QUICK_REPLY' || stringOf(mine.sub_type).toLowerCase() !== 'quick_reply')
        throw messageError(132000, `button ${index}: the template's button takes no parameters`);
      const payload = Array.isArray(mine.parameters) ? mine.parameters.filter(isObject)[0] : undefined;
      if (payload) parameters[`button.${index}`] = stringOf(payload.payload);
    }
  });
  const extra = givenButtons.find((component) => {
    const index = Number(stringOf(component.index));
    return !Number.isInteger(index) || index < 0 || index >= buttons.length;
  });
  if (extra) throw messageError(132000, `button ${stringOf(extra.index)}: the template has no button there`);
  return parameters;
}

/** The template a request names, as Meta finds it: by name and language in the number's WABA, approved. */
function templateOf(context: NodeContext, phone: SandboxPhoneNumber, request: Record<string, unknown>): SandboxTemplate {
  const name = stringOf(request.name);
  const language = isObject(request.language) ? stringOf(request.language.code) : stringOf(request.language);
  if (!name) throw messageError(131008, 'template.name is required');
  if (!language) throw messageError(131008, 'template.language.code is required');
  const account = context.store.whatsAppAccount(phone.wabaId);
  const template = (account?.templates ?? [])
    .map((id) => context.store.template(id))
    .find((found) => found && found.name === name && found.language === language);
  if (!template || !['APPROVED', 'PAUSED', 'DISABLED'].includes(template.status))
    throw messageError(132001, `template name (${name}) does not exist in ${language}`, 404);
  if (template.status === 'PAUSED') throw messageError(132015, `template ${name} is paused`);
  if (template.status === 'DISABLED') throw messageError(132016, `template ${name} is disabled`);
  return template;
}

/** The message object of a non-template type, checked as Meta checks its shape. */
function checkOther(type: string, value: unknown, context: NodeContext, phone: SandboxPhoneNumber) {
  if (!isObject(value)) throw messageError(131008, `${type} object is required for type ${type}`);
  if (type === 'text') {
    const body = stringOf(value.body);
    if (!body.trim()) throw messageError(131008, 'text.body is required');
    if ([...body].length > TEXT_LIMIT) throw messageError(131009, `text.body can have at most ${TEXT_LIMIT} characters`);
  } else if (MEDIA_TYPES.includes(type)) {
    const id = stringOf(value.id);
    if (id && context.store.media.get(id)?.phoneNumberId !== phone.id)
      throw messageError(131009, `${type}: media id ${id} was not uploaded for this phone number`);
    if (!id && !/^https?:\/\/\S+$/.test(stringOf(value.link))) throw messageError(131008, `${type} needs an id or a link`);
  } else if (type === 'reaction') {
    if (!stringOf(value.message_id)) throw messageError(131008, 'reaction.message_id is required');
  } else if (type === 'location') {
    if (!Number.isFinite(Number(value.latitude)) || !Number.isFinite(Number(value.longitude)))
      throw messageError(131008, 'location.latitude and location.longitude are required');
  }
}

const wamidOf = (phone: SandboxPhoneNumber, to: string, sequence: number) =>
  `wamid.${Buffer.from(`${phone.id}:${to}:${sequence}`).toString('base64').replace(/=+$/, '')}==`;

/** The number's throughput: counted in whole seconds of the sandbox's clock. */
function takeThroughput(context: NodeContext, phone: SandboxPhoneNumber) {
  const { messaging } = context.store;
  const second = Math.floor(context.now / 1000);
  const window = messaging.windows.get(phone.id);
  const current = window && window.second === second ? window : { second, count: 0 };
  current.count += 1;
  messaging.windows.set(phone.id, current);
  const limit = messaging.throughput.get(phone.id) ?? DEFAULT_THROUGHPUT;
  if (current.count > limit) throw messageError(130429, `Cloud API message throughput (${limit} messages per second) has been reached.`);
}

/** What a send should end in for this user: a failure Meta reports (code), or none. */
function refusalFor(recipient: SandboxRecipient, marketing: boolean, freeForm: boolean, phone: SandboxPhoneNumber, now: number) {
  if (recipient.undeliverable) return 131026 as const;
  if (marketing && recipient.marketing === 'stopped') return 131050 as const;
  if (marketing && recipient.marketing === 'heldBack') return 131049 as const;
  if (freeForm && now - (recipient.lastInbound.get(phone.id) ?? Number.NEGATIVE_INFINITY) > SERVICE_WINDOW_MS) return 131047 as const;
  return null;
}

export const metadataOf = (phone: SandboxPhoneNumber) => ({
  display_phone_number: phone.displayPhoneNumber.replace(/\D/g, ''),
  phone_number_id: phone.id,
});

/** Queues a `messages` change for the number's WABA at `at`. */
export function queueMessagesChange(
  store: MetaSandboxStore,
  phone: SandboxPhoneNumber,
  at: number,
  value: Omit<MessagesValue, 'messaging_product' | 'metadata'>,
) {
  store.messaging.changes.push({
    wabaId: phone.wabaId,
    at,
    change: { field: 'messages', value: { messaging_product: 'whatsapp', metadata: metadataOf(phone), ...value } },
  });
}

/** The statuses of an accepted message, queued on the clock with Meta's habits. */
function queueStatuses(store: MetaSandboxStore, phone: SandboxPhoneNumber, message: SandboxMessage, failure: MessageErrorCode | null) {
  const habits = store.messaging.habits;
  const seconds = (ms: number) => String(Math.floor(ms / 1000));
  const category = message.template?.category.toLowerCase() ?? 'service';
  const status = (name: MessageStatusName, at: number): [WebhookStatus, number] => [
    {
      id: message.id,
      status: name,
      timestamp: seconds(at),
      recipient_id: message.to,
      ...(message.callbackData ? { biz_opaque_callback_data: message.callbackData } : {}),
      ...(name === 'failed'
        ? { errors: [webhookError(failure!)] }
        : {
            pricing: {
              billable: message.template !== null,
              pricing_model: 'PMP',
              category,
              type: message.template ? 'regular' : 'free_customer_service',
            },
          }),
    },
    at,
  ];
  const start = message.acceptedAt;
  let statuses: Array<[WebhookStatus, number]>;
  if (failure) {
    statuses = [status('failed', start)];
    message.outcome = { status: 'failed', errorCode: failure };
  } else {
    const reads = recipientOf(store, message.to).reads;
    statuses = [status('sent', start), status('delivered', start + habits.deliveredAfterMs)];
    if (reads) statuses.push(status('read', start + habits.readAfterMs));
    message.outcome = { status: reads ? 'read' : 'delivered', errorCode: null };
    if (habits.awkward) {
      const draw = habits.random();
      // Read with no delivered before it (Meta skips it when both happen close together).
      if (reads && draw < 0.1) statuses = statuses.filter(([entry]) => entry.status !== 'delivered');
      // Delivered arriving after read.
      else if (reads && draw < 0.2) statuses[1]![1] = start + habits.readAfterMs + 1000;
      // One status twice.
      if (habits.random() < 0.15) statuses.push(statuses[Math.floor(habits.random() * statuses.length)]!);
    }
  }
  // In the order they come due: a delivered held back goes out after the read.
  statuses.sort((a, b) => a[1] - b[1]);
  for (const [entry, at] of statuses) queueMessagesChange(store, phone, at, { statuses: [entry] });
}

/** `POST /{phone-number-id}/messages` and `/marketing_messages`. */
export function sendMessage(
  phone: SandboxPhoneNumber,
  context: NodeContext,
  endpoint: 'messages' | 'marketing_messages',
): Record<string, unknown> {
  const { params, store, now } = context;
  if (params.text('messaging_product') !== 'whatsapp') throw enumParameter('messaging_product', ['whatsapp']);
  // Marking an inbound message read (Cloud API): `status: read` and its id, no recipient.
  if (endpoint === 'messages' && params.text('status') === 'read') {
    const id = params.requiredText('message_id');
    if (!store.messaging.inbound.has(id)) throw messageError(131009, `message_id ${id} is not a message this number received`);
    store.messaging.readReceipts.push({ phoneNumberId: phone.id, messageId: id, at: now });
    return { success: true };
  }
  // A failure a test queued: Meta's transient error, or an answer that comes late (the message accepted or not).
  const fault = store.messaging.faults.shift();
  if (fault?.kind === 'error') throw messageError(131000, undefined, 500);
  if (fault) {
    context.response.stallMs = fault.delayMs;
    if (!fault.accepted) {
      context.response.failAfter = messageError(131000, undefined, 500);
      return {};
    }
  }
  const recipientType = params.text('recipient_type');
  if (recipientType && recipientType !== 'individual') throw enumParameter('recipient_type', ['individual']);
  const input = params.text('to');
  if (!input) throw requiredParameter('to');
  const to = waIdOf(input);
  if (!to) throw messageError(131009, `Invalid WhatsApp phone number: ${input}`);
  const type = params.text('type') ?? 'text';
  if (endpoint === 'marketing_messages' && type !== 'template')
    throw messageError(131009, 'The Marketing Messages API sends marketing template messages only (type template).');
  if (!MESSAGE_TYPES.includes(type)) throw enumParameter('type', MESSAGE_TYPES);
  if (endpoint === 'marketing_messages') {
    params.oneOf('product_policy', ['CLOUD_API_FALLBACK', 'STRICT']);
    const sharing = params.text('message_activity_sharing');
    if (sharing !== undefined && sharing !== 'true' && sharing !== 'false')
      throw enumParameter('message_activity_sharing', ['true', 'false']);
  }
  const payload = params.json(type);
  let template: SandboxTemplate | null = null;
  let parameters: Record<string, string> = {};
  if (type === 'template') {
    if (!isObject(payload)) throw messageError(131008, 'template object is required for type template');
    template = templateOf(context, phone, payload);
    if (endpoint === 'marketing_messages' && template.category !== 'MARKETING')
      throw messageError(131009, `The Marketing Messages API sends marketing templates only; ${template.name} is ${template.category}.`);
    parameters = checkTemplateParameters(template, payload.components, context, phone);
  } else checkOther(type, payload, context, phone);

  takeThroughput(context, phone);
  const pair = `${phone.id}:${to}`;
  const last = store.messaging.pairLast.get(pair);
  if (last !== undefined && now - last < PAIR_WINDOW_MS) throw messageError(131056);

  const recipient = recipientOf(store, to);
  const marketing = template?.category === 'MARKETING';
  const failure = refusalFor(recipient, marketing, template === null, phone, now);
  if (failure !== null && failure !== 131047 && recipient.refuseInResponse) throw messageError(failure);

  store.messaging.sequence += 1;
  const id = wamidOf(phone, to, store.messaging.sequence);
  const message: SandboxMessage = {
    id,
    phoneNumberId: phone.id,
    wabaId: phone.wabaId,
    to,
    endpoint,
    type,
    template: template ? { name: template.name, language: template.language, category: template.category } : null,
    parameters,
    payload: isObject(payload) ? payload : {},
    acceptedAt: now,
    callbackData: params.text('biz_opaque_callback_data')?.slice(0, 512) || null,
    trackingToken: endpoint === 'marketing_messages' ? `tt_${createHash('sha256').update(id).digest('base64url').slice(0, 22)}` : null,
    outcome: { status: 'sent', errorCode: null },
  };
  store.messaging.pairLast.set(pair, now);
  store.messaging.messages.set(id, message);
  store.messaging.sent.push(message);
  queueStatuses(store, phone, message, failure);
  return {
    messaging_product: 'whatsapp',
    contacts: [{ input, wa_id: to }],
    messages: [{ id, message_status: 'accepted' }],
  };
}

/** What a customer's message becomes in the webhook: Meta's object with its id, sender and time filled in. */
export function inboundMessage(
  store: MetaSandboxStore,
  from: string,
  message: Record<string, unknown>,
  now: number,
): { message: WebhookMessage; contact: { profile: { name: string }; wa_id?: string; user_id?: string } } {
  const type = stringOf(message.type);
  const kinds = [
    'text',
    'button',
    'interactive',
    'image',
    'video',
    'audio',
    'document',
    'sticker',
    'location',
    'contacts',
    'reaction',
    'unsupported',
  ];
  if (!kinds.includes(type)) throw new Error(`A customer's message type must be one of ${kinds.join(', ')}`);
  // Shared contacts come as a list (Meta's `contacts: [...]`); every other kind as its object.
  const content = type === 'contacts' ? Array.isArray(message.contacts) && message.contacts.every(isObject) : isObject(message[type]);
  if (type !== 'unsupported' && type !== 'button' && !content) throw new Error(`A ${type} message needs its ${type} object`);
  if (type === 'button') {
    const context = isObject(message.context) ? message.context : null;
    if (!context || !store.messaging.messages.has(stringOf(context.id)))
      throw new Error('A quick-reply tap needs context.id, the wamid of the template message it answers');
  }
  store.messaging.sequence += 1;
  const bsuid = /^[A-Z]{2}\.\d+$/.test(from);
  const id = `wamid.${Buffer.from(`in:${from}:${store.messaging.sequence}`).toString('base64').replace(/=+$/, '')}==`;
  store.messaging.inbound.add(id);
  const { type: _type, ...rest } = message;
  const built: WebhookMessage = {
    ...(bsuid ? { from_user_id: from } : { from }),
    id,
    timestamp: String(Math.floor(now / 1000)),
    type,
    ...rest,
    ...(type === 'unsupported'
      ? {
          errors: [
            {
              code: 131051,
              title: 'Message type unknown',
              message: 'Message type unknown',
              error_data: { details: 'Message type is currently not supported.' },
            },
          ],
        }
      : {}),
  } as WebhookMessage;
  const name = typeof message.profileName === 'string' ? message.profileName : 'Cliente';
  delete (built as Record<string, unknown>).profileName;
  return { message: built, contact: { profile: { name }, ...(bsuid ? { user_id: from } : { wa_id: from }) } };
}
