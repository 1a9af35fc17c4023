import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The test files that take longest, longest first (their times on two cores, on PostgreSQL). A run without Vitest's
 * cache of earlier times (CI's clean clone) orders files by size, and the processes a kill test starts and stops
 * kept one worker busy for minutes after the others had finished: started first, they end with the rest.
 */
const LONGEST_FIRST = [
  'tests/server/features/whatsapp/outbox-kill.test.ts',
  'tests/server/features/segments/segment-restart.test.ts',
  'tests/server/platform/store-data/live.test.ts',
  'tests/web/features/dashboard/dashboard-route.test.tsx',
  'tests/server/features/integrations/store/webhook-topics.test.ts',
  'tests/server/features/segments/segment-rules.test.ts',
  'tests/server/features/integrations/email-marketing/email-marketing.test.ts',
  'tests/server/platform/production.test.ts',
  'tests/web/ui/date-range-picker.test.tsx',
  'tests/server/features/ad-campaigns/ad-media-uploads.test.ts',
];

/** Vitest's own order (a project's files together, the cached longest first), with the files above ahead in each project. */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((path) => file.moduleId.endsWith(path));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    const position = new Map(sorted.map((file, index) => [file, index]));
    return [...sorted].sort(
      (a, b) =>
        projects.indexOf(a.project.name) - projects.indexOf(b.project.name) || rank(a) - rank(b) || position.get(a)! - position.get(b)!,
    );
  }
}
