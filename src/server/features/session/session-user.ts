import type { components } from '../../../shared/api/app.gen.ts';
import type { Auth } from '../../platform/sessions.ts';

export function sessionUser(auth: Auth): components['schemas']['SessionUser'] {
  return { id: auth.userId, email: auth.email, name: auth.name, role: auth.role, store: auth.storeId };
}
