import { delay } from 'msw';
import type { components } from '../../src/shared/api/app.gen';
import { segmentRulesSchema } from '../../src/shared/segments';
import {
  CREATED_SEGMENT_ID,
  defaultSegmentNotEditable,
  productTypes,
  savedSegment,
  segmentCount,
  segmentsToEdit,
} from '../fixtures/segment-form';
import { allSegments } from '../fixtures/segments';
import { serverError } from '../fixtures/session';
import { appHttp, backendHttp } from './clients';

type ErrorBody = components['schemas']['Error'];
type Segment = components['schemas']['Segment'];

const fails = () => Response.json(serverError, { status: 500 });
const invalidRules: ErrorBody = { message: 'La solicitud no es válida.', code: 'invalid_request' };

/** The live count, computed by evaluating the rules over the fixtures' customers; `pending` never answers. */
export const segmentCountAnswer = ({ pending = false }: { pending?: boolean } = {}) =>
  appHttp.post('/private/stores/{id}/segments/count', async ({ request, response }) => {
    if (pending) await delay('infinite');
    const { rules } = await request.json();
    // The form sends only rules that break none; a handler that counted anything would hide it if not.
    if (!segmentRulesSchema.safeParse(rules).success) return response(400).json(invalidRules);
    return response(200).json(segmentCount(rules));
  });

export const segmentCountFails = () => appHttp.post('/private/stores/{id}/segments/count', ({ response }) => response.untyped(fails()));

export const productTypesAnswer = (types: readonly string[] = productTypes) =>
  backendHttp.get('/stores/{id}/productTypes', ({ response }) => response(200).json([...types]));

export interface SegmentSaveOptions {
  /** Never answers: the form stays saving. */
  pending?: boolean;
  /** Refused with this status and body. */
  refused?: { status: 400 | 409 | 500; body: ErrorBody };
}

/** Creating a segment: it answers queued, with the next id. */
export const createSegmentAnswer = ({ pending = false, refused }: SegmentSaveOptions = {}) =>
  appHttp.post('/private/stores/{id}/segments', async ({ request, response }) => {
    if (pending) await delay('infinite');
    if (refused) return response.untyped(Response.json(refused.body, { status: refused.status }));
    return response(201).json(savedSegment(CREATED_SEGMENT_ID, await request.json()));
  });

/** Saving a custom segment's changes; a default one is refused (409), as the server does. */
export const updateSegmentAnswer = (
  { pending = false, refused }: SegmentSaveOptions = {},
  segments: readonly Segment[] = [...allSegments, ...segmentsToEdit],
) =>
  appHttp.put('/private/stores/{id}/segments/{segmentId}', async ({ params, request, response }) => {
    if (pending) await delay('infinite');
    if (refused) return response.untyped(Response.json(refused.body, { status: refused.status }));
    const current = segments.find((segment) => segment.id === Number(params.segmentId));
    if (!current) return response(404).json({ message: 'No encontramos este segmento.', code: 'not_found' });
    if (current.key !== null) return response(409).json(defaultSegmentNotEditable);
    return response(200).json(savedSegment(current.id, await request.json(), current.createdAt));
  });

export const segmentFormHandlers = [segmentCountAnswer(), productTypesAnswer(), createSegmentAnswer(), updateSegmentAnswer()];
