import { ApiError } from '../../../api/errors';

/**
 * Why an emailed link no longer works, read from the server's 410: its `code`, when it is one of
 * `problems` (the contract's list, so a code it adds fails the type check of the caller's record).
 */
export function linkProblemOf<Problem extends string>(error: unknown, problems: Record<Problem, unknown>): Problem | null {
  if (!(error instanceof ApiError) || error.status !== 410) return null;
  const code = error.code;
  return code !== undefined && Object.hasOwn(problems, code) ? (code as Problem) : null;
}
