import { MetaError } from '../errors.ts';

/*
 * Meta's refusals of a message template: code 100 ("Invalid parameter") with a subcode and a title and
 * text for the person (error_user_title, error_user_msg). Meta's answers show nameTaken,
 * nameBeingDeleted, characterLimit, headerFormat, missingExamples, variablesAtEdges and tooManyVariables;
 * Meta names no subcode for the others in its reference, so the sandbox gives each one of its own in the
 * same range, for callers and tests to tell them apart. The errors themselves are meta/errors.ts's.
 */
export const TEMPLATE_SUBCODES = {
  nameBeingDeleted: 2388023,
  nameTaken: 2388024,
  characterLimit: 2388040,
  missingExamples: 2388043,
  headerFormat: 2388047,
  tooManyVariables: 2388293,
  variablesAtEdges: 2388299,
  invalidName: 2388901,
  invalidVariables: 2388902,
  invalidButtons: 2388903,
  invalidPhoneNumber: 2388904,
  invalidUrl: 2388905,
  notEditable: 2388906,
  editLimit: 2388907,
  categoryLocked: 2388908,
  templateNotFound: 2388909,
  invalidHeaderHandle: 2388910,
} as const;

/**
 * The refusals the templates feature tells the merchant apart (SPEC §8), by our own codes: 2046 too many
 * variables for the text's length, 2047 a template with that name exists (or was deleted less than 30 days
 * ago), 2048 the button's phone number is not valid. Any other refusal is shown with Meta's own text.
 */
export const TEMPLATE_REFUSAL_CODES = { tooManyVariables: 2046, nameTaken: 2047, invalidPhoneNumber: 2048 } as const;
export type TemplateRefusalCode = (typeof TEMPLATE_REFUSAL_CODES)[keyof typeof TEMPLATE_REFUSAL_CODES];

/** Our refusal code for Meta's refusal of a template, or null when it is none of those SPEC §8 names. */
export function templateRefusalCode(error: unknown): TemplateRefusalCode | null {
  if (!(error instanceof MetaError) || error.code !== 100) return null;
  switch (error.subcode) {
    case TEMPLATE_SUBCODES.tooManyVariables:
      return TEMPLATE_REFUSAL_CODES.tooManyVariables;
    case TEMPLATE_SUBCODES.nameTaken:
    case TEMPLATE_SUBCODES.nameBeingDeleted:
      return TEMPLATE_REFUSAL_CODES.nameTaken;
    case TEMPLATE_SUBCODES.invalidPhoneNumber:
      return TEMPLATE_REFUSAL_CODES.invalidPhoneNumber;
    default:
      return null;
  }
}
