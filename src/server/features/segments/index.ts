import type { ServerFeature } from '../../platform/feature.ts';
import { segmentHandlers, segmentStatsHandlers } from './handlers.ts';
import { LiveCounts } from './live-count.ts';
import { registerSegmentBuildJob, segmentsSubscriber } from './membership.ts';

/** Segments: their rules, their members (built by a job, kept current by a subscriber), figures and export (SPEC §2 Segments). */
export const segmentsFeature: ServerFeature = {
  name: 'segments',
  subscribers: (events) => [segmentsSubscriber(events)],
  start: ({ db, events, jobs }) => {
    registerSegmentBuildJob(jobs, db, events);
    const liveCounts = new LiveCounts(db);
    return { app: segmentHandlers(liveCounts), backend: segmentStatsHandlers, close: () => liveCounts.close() };
  },
};
