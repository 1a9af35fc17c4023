import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { OperationId } from '../../src/shared/api/permissions.gen';
import { can } from '../../src/shared/permissions';

type Operation = { operationId: string; 'x-roles'?: string[] };

/** Every operation of a contract with the roles it declares. */
function operationsOf(file: string): Operation[] {
  const document = parse(readFileSync(join(import.meta.dirname, '../../openapi', file), 'utf8')) as {
    paths: Record<string, Record<string, Operation>>;
  };
  return Object.values(document.paths).flatMap((item) =>
    Object.values(item).filter((value): value is Operation => typeof value === 'object' && value !== null && 'operationId' in value),
  );
}

describe('can', () => {
  it('lets every role but collaborators set the investment and manage the team, as x-roles says', () => {
    for (const operation of ['setMarketingInvestment', 'inviteCollaborator', 'removeStoreMember', 'cancelInvitation'] as const) {
      expect(can('recompraAdmin', operation)).toBe(true);
      expect(can('admin', operation)).toBe(true);
      expect(can('user', operation)).toBe(true);
      expect(can('colaborator', operation)).toBe(false);
    }
  });

  it('lets every role call an operation without x-roles', () => {
    expect(can('colaborator', 'getStoreStats')).toBe(true);
    expect(can('colaborator', 'listStoreMembers')).toBe(true);
  });

  it('allows nothing before the session names a role', () => {
    expect(can(undefined, 'getStoreStats')).toBe(false);
    expect(can(undefined, 'setMarketingInvestment')).toBe(false);
  });

  it('answers for every operation of both contracts exactly as its x-roles declares', () => {
    const operations = [...operationsOf('app.yaml'), ...operationsOf('backend.yaml')];
    expect(operations.length).toBeGreaterThan(30);
    for (const operation of operations) {
      const declared = operation['x-roles'];
      for (const role of ['recompraAdmin', 'admin', 'user', 'colaborator'] as const)
        expect(can(role, operation.operationId as OperationId), `${role} ${operation.operationId}`).toBe(
          !declared || declared.includes(role),
        );
    }
  });
});
