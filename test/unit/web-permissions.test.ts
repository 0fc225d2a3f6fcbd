import { describe, expect, it } from 'vitest';
import { allows, PERMISSIONS, RESOURCES, ROLES } from '../../src/auth-scope/permissions.ts';
import { PERMISSIONS as WEB_PERMISSIONS, roleAllows } from '../../web/src/permissions.ts';

/** The dashboard hides what a role may not do from its own copy of the table: it must be the core's. */
describe("the dashboard's permission table", () => {
  it('is the same table as the core', () => {
    expect(WEB_PERMISSIONS).toEqual(PERMISSIONS);
  });

  it('answers as the core does for every role, resource and access', () => {
    for (const role of ROLES)
      for (const resource of RESOURCES)
        for (const access of ['read', 'write'] as const)
          expect(roleAllows(role, resource, access), `${role} ${access} ${resource}`).toBe(allows({ role }, resource, access));
  });
});
