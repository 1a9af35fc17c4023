import type { RecordId } from '../../../lib/paths';

export const SEGMENTS_PATH = '/segments';
export const CREATE_SEGMENT_PATH = `${SEGMENTS_PATH}/create`;
export const segmentDetailPath = (segmentId: RecordId) => `${SEGMENTS_PATH}/${segmentId}`;
export const segmentEditPath = (segmentId: RecordId) => `${SEGMENTS_PATH}/${segmentId}/edit`;
