import { z } from 'zod';
import type { components } from './api/app.gen';

type LoginRequest = components['schemas']['LoginRequest'];

/** Mirrors `LoginRequest` of openapi/app.yaml; the messages are keys of the `auth` text group. */
export const loginRequestSchema = z.strictObject({
  email: z.string().trim().min(1, 'errors.emailRequired').max(254, 'errors.emailTooLong').pipe(z.email('errors.emailInvalid')),
  password: z.string().min(1, 'errors.passwordRequired').max(200, 'errors.passwordTooLong'),
}) satisfies z.ZodType<LoginRequest, LoginRequest>;

export type LoginInput = z.input<typeof loginRequestSchema>;
