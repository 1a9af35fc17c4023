import { z } from 'zod';
import type { components } from './api/app.gen';
import { newPasswordSchema } from './auth';
import { withoutControlCharacters } from './text-rules';

type AccountDetailsUpdate = components['schemas']['AccountDetailsUpdate'];
type PasswordChange = components['schemas']['PasswordChange'];

/** The longest account name (the contract's `AccountName`, as long as sign-up's `PersonName`). */
export const ACCOUNT_NAME_MAX = 100;

/**
 * Mirrors `AccountDetailsUpdate` of openapi/app.yaml, with SPEC §5's rules for a name: required, not only
 * spaces, a maximum length. The messages are keys of the `account` text group.
 */
export const accountDetailsUpdateSchema = z.strictObject({
  name: withoutControlCharacters(
    z.string().min(1, 'errors.nameRequired').max(ACCOUNT_NAME_MAX, 'errors.nameTooLong').regex(/^$|\S/, 'errors.nameOnlySpaces'),
    'errors.controlCharacters',
  ),
}) satisfies z.ZodType<AccountDetailsUpdate, AccountDetailsUpdate>;

export type AccountDetailsUpdateInput = z.input<typeof accountDetailsUpdateSchema>;

/**
 * Mirrors `PasswordChange`: the current password as typed (as sign-in takes it), and a new one under the
 * sign-up rule (`newPasswordSchema`, whose keys the `account` text group also holds), different from it.
 */
export const passwordChangeSchema = z
  .strictObject({
    currentPassword: withoutControlCharacters(
      z.string().min(1, 'errors.currentPasswordRequired').max(200, 'errors.passwordTooLong'),
      'errors.controlCharacters',
    ),
    newPassword: newPasswordSchema,
  })
  .refine((change) => change.newPassword === '' || change.newPassword !== change.currentPassword, {
    path: ['newPassword'],
    message: 'errors.samePassword',
  }) satisfies z.ZodType<PasswordChange, PasswordChange>;

export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;
