import { z } from 'zod';
import type { components } from './api/app.gen';
import { withoutControlCharacters } from './text-rules';

type LoginRequest = components['schemas']['LoginRequest'];

/** What was typed as a password: required, at most 200 characters, no control characters. */
const passwordSchema = withoutControlCharacters(
  z.string().min(1, 'errors.passwordRequired').max(200, 'errors.passwordTooLong'),
  'errors.controlCharacters',
);

/** Mirrors `LoginRequest` of openapi/app.yaml; the messages are keys of the `auth` text group. */
export const loginRequestSchema = z.strictObject({
  email: z.string().trim().min(1, 'errors.emailRequired').max(254, 'errors.emailTooLong').pipe(z.email('errors.emailInvalid')),
  password: passwordSchema,
}) satisfies z.ZodType<LoginRequest, LoginRequest>;

export type LoginInput = z.input<typeof loginRequestSchema>;

type SignupRequest = components['schemas']['SignupRequest'];
type PasswordResetRequest = components['schemas']['PasswordResetRequest'];

/** The contract's `Email`: required, at most 254 characters, a valid address (which has no control characters). */
const emailSchema = z.string().trim().min(1, 'errors.emailRequired').max(254, 'errors.emailTooLong').pipe(z.email('errors.emailInvalid'));

/** The contract's `NewPassword` (8 to 200 characters, letters and digits); the server checks the same pattern. */
export const NEW_PASSWORD_PATTERN = /^(?=.*[A-Za-zÀ-ÿ])(?=.*[0-9]).*$/;
export const newPasswordSchema = withoutControlCharacters(
  z
    .string()
    .min(1, 'errors.passwordRequired')
    .min(8, 'errors.passwordRule')
    .max(200, 'errors.passwordTooLong')
    .regex(NEW_PASSWORD_PATTERN, 'errors.passwordRule'),
  'errors.controlCharacters',
);

/** The contract's `PersonName`: 1 to 100 characters, not only spaces, no control characters. */
export const personNameSchema = withoutControlCharacters(
  z.string().max(100, 'errors.nameTooLong').regex(/\S/, 'errors.nameRequired'),
  'errors.controlCharacters',
);

/** Mirrors `SignupRequest`. */
export const signupRequestSchema = z.strictObject({
  name: personNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
}) satisfies z.ZodType<SignupRequest, SignupRequest>;
export type SignupInput = z.input<typeof signupRequestSchema>;

/** Mirrors `PasswordResetRequest`. */
export const passwordResetRequestSchema = z.strictObject({ email: emailSchema }) satisfies z.ZodType<
  PasswordResetRequest,
  PasswordResetRequest
>;
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;

/** The form half of `PasswordResetConfirmation` (the token comes from the link). */
export const newPasswordFormSchema = z.strictObject({ password: newPasswordSchema });
export type NewPasswordInput = z.input<typeof newPasswordFormSchema>;

/** The form half of `InvitationAcceptance` for a new account. */
export const invitationNewAccountSchema = z.strictObject({ name: personNameSchema, password: newPasswordSchema });
export type InvitationNewAccountInput = z.input<typeof invitationNewAccountSchema>;

/** The form half of `InvitationAcceptance` for an existing account. */
export const invitationExistingAccountSchema = z.strictObject({ currentPassword: passwordSchema });
export type InvitationExistingAccountInput = z.input<typeof invitationExistingAccountSchema>;

/** Mirrors `CollaboratorInvitationRequest`; the messages are keys of the `collaborators` text group. */
export const collaboratorInvitationSchema = z.strictObject({
  email: z.string().trim().min(1, 'invite.emailRequired').max(254, 'invite.emailTooLong').pipe(z.email('invite.emailInvalid')),
}) satisfies z.ZodType<components['schemas']['CollaboratorInvitationRequest'], components['schemas']['CollaboratorInvitationRequest']>;
export type CollaboratorInvitationInput = z.input<typeof collaboratorInvitationSchema>;
