import type { components } from './api/app.gen';
import { type OperationId, RESTRICTED_OPERATIONS } from './api/permissions.gen';

export type { OperationId };

type Role = components['schemas']['Role'];

/**
 * Whether `role` may call `operationId`: the contract's `x-roles`, which the server enforces, so an
 * action shows only to those whose call would go through. Without a role (no session yet) nothing is
 * allowed.
 */
export function can(role: Role | undefined, operationId: OperationId): boolean {
  if (role === undefined) return false;
  const allowed = RESTRICTED_OPERATIONS[operationId];
  return allowed === undefined || allowed.includes(role);
}
