import { z } from 'zod';
import type { components } from '../../../../shared/api/app.gen';
import { type SegmentRules, segmentDescriptionSchema, segmentNameSchema, segmentRulesSchema } from '../../../../shared/segments';

/*
 * What the simple and the advanced form share: the general information, and the way a rule tree's
 * problems (the shared schema's, or the server's field errors) find the form field they belong to.
 */

export type SegmentInput = components['schemas']['SegmentInput'];

export const generalInformationSchema = z.object({ name: segmentNameSchema, description: segmentDescriptionSchema });

/** A problem in a rule tree: where in `rules` (`blocks.0.conditions.1.to`) and its text key. */
export interface RulesIssue {
  path: string;
  message: string;
}

/** The rules' problems, as the server would find them. */
export function rulesIssues(rules: SegmentRules): RulesIssue[] {
  const result = segmentRulesSchema.safeParse(rules);
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** Name and description as both forms send them: without surrounding spaces (the server trims them too). */
export const generalInformationOf = (values: { name: string; description: string }) => ({
  name: values.name.trim(),
  description: values.description.trim(),
});

/** The server's field errors, by the path it names in the body (`rules.blocks.0.conditions.1.to`, `name`). */
export type ServerFieldErrors = Readonly<Partial<Record<string, string>>>;

/** `rules.blocks.0.conditions.1.to` → `blocks.0.conditions.1.to`; null for a path outside the rules. */
export function rulesPathOf(serverPath: string): string | null {
  if (serverPath === 'rules') return '';
  return serverPath.startsWith('rules.') ? serverPath.slice('rules.'.length) : null;
}
