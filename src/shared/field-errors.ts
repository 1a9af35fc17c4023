import type { z } from 'zod';
import type { components } from './api/app.gen';

/*
 * A shared schema's problems as the contract's field errors (`Error.fieldErrors`): each on its field's dotted
 * path, its message key (a key of the form's text group) in the words of the side that answers. The server
 * answers them as the contract's own validation does; the forms put the same keys through their text group.
 */

type FieldError = components['schemas']['FieldError'];

/** The contract's words for a value it refuses without a message of its own. */
const NOT_VALID = 'El valor no es válido.';

export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[], words: Readonly<Partial<Record<string, string>>>): FieldError[] {
  return issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: words[issue.message] ?? NOT_VALID }));
}
