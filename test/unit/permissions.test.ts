import { describe, expect, it } from 'vitest';
import { OPERATIONS, accessOf, permissionAllows, assertPermitted, type Operation, type OperationContext } from '../../src/operations/index.ts';
import { PERMISSIONS, RESOURCES, ROLES, allows, assertMayWrite, roleOf, type Role } from '../../src/auth-scope/index.ts';
import { AppError } from '../../src/errors.ts';

// The one permission table (src/auth-scope/permissions.ts): every operation is
// decided for every role by its resource and what it takes of it (whether it
// only reads, unless it says otherwise: reading a secret takes write), and tokens
// and people are refused in the same words whatever the door.

const writes = (o: Operation) => accessOf(o) === 'write';
const contextOf = (scope: { role?: Role; permission?: 'full' | 'read' }) => ({ scope: { organizationId: 'org_x', ...scope } }) as unknown as OperationContext;

function refusalOf(run: () => void): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('the permission table', () => {
  it('decides every operation for every role: its resource has a row, with an access for each role', () => {
    for (const operation of OPERATIONS) {
      expect(RESOURCES, operation.name).toContain(operation.resource);
      for (const role of ROLES) expect(['read', 'write'], `${operation.name} ${role}`).toContain(PERMISSIONS[operation.resource][role]);
    }
    // Every row is used by some operation: no resource is decided that nothing belongs to.
    expect(new Set(OPERATIONS.map((o) => o.resource))).toEqual(new Set(RESOURCES));
  });

  it('a viewer runs exactly the read-only operations, but for reading a secret', () => {
    const allowed = OPERATIONS.filter((o) => permissionAllows({ role: 'viewer' }, o)).map((o) => o.name);
    const secretReads = OPERATIONS.filter((o) => o.annotations.readOnly && accessOf(o) === 'write').map((o) => o.name);
    expect(secretReads).toEqual(['get_webhook_secret']);
    expect(allowed).toEqual(OPERATIONS.filter((o) => o.annotations.readOnly && !secretReads.includes(o.name)).map((o) => o.name));
  });

  it('an admin runs everything; a member everything but writing tokens, domains, webhooks and users', () => {
    expect(OPERATIONS.filter((o) => !permissionAllows({ role: 'admin' }, o))).toEqual([]);
    const refusedToMember = OPERATIONS.filter((o) => !permissionAllows({ role: 'member' }, o));
    expect(new Set(refusedToMember.map((o) => o.resource))).toEqual(new Set(['tokens', 'domains', 'webhooks', 'users']));
    expect(refusedToMember.every(writes)).toBe(true);
    for (const name of [
      'create_token',
      'revoke_token',
      'create_domain',
      'verify_domain',
      'create_webhook',
      'get_webhook_secret',
      'test_webhook',
      'invite_user',
      'update_user',
      'remove_user',
    ]) {
      expect(refusedToMember.map((o) => o.name)).toContain(name);
    }
    for (const name of [
      'send_email',
      'upsert_subscriber',
      'create_campaign',
      'create_workflow',
      'add_suppressions',
      'list_tokens',
      'list_users',
      'get_domain',
    ]) {
      expect(permissionAllows({ role: 'member' }, OPERATIONS.find((o) => o.name === name)!), name).toBe(true);
    }
  });

  it('a token stands for a role: full for admin, read for viewer; a role, when there is one, decides', () => {
    expect(roleOf({ permission: 'full' })).toBe('admin');
    expect(roleOf({ permission: 'read' })).toBe('viewer');
    expect(roleOf({ role: 'member', permission: 'full' })).toBe('member');
    for (const operation of OPERATIONS) {
      expect(permissionAllows({ permission: 'full' }, operation)).toBe(permissionAllows({ role: 'admin' }, operation));
      expect(permissionAllows({ permission: 'read' }, operation)).toBe(permissionAllows({ role: 'viewer' }, operation));
    }
    expect(allows({ role: 'member' }, 'tokens', 'read')).toBe(true);
    expect(allows({ role: 'member' }, 'tokens', 'write')).toBe(false);
  });

  it('refuses a read-only token in the words tokens always had, and a person naming the role and what it may not do', () => {
    const createToken = OPERATIONS.find((o) => o.name === 'create_token')!;
    const token = refusalOf(() => assertPermitted(createToken, contextOf({ permission: 'read' })));
    expect({ kind: token.kind, code: token.code, message: token.message }).toEqual({
      kind: 'forbidden',
      code: 'read_only_token',
      message: 'This API token is read-only: it cannot run create_token, which changes data. Use a token with full permission.',
    });
    const member = refusalOf(() => assertPermitted(createToken, contextOf({ role: 'member' })));
    expect({ kind: member.kind, code: member.code, message: member.message }).toEqual({
      kind: 'forbidden',
      code: 'insufficient_role',
      message: 'Your role is member: a member cannot run create_token, which changes data. Ask an admin of the organization.',
    });
    // A door's check before any write (HTTP, SMTP): a viewer may write nothing, a member may write something.
    const viewer = refusalOf(() => assertMayWrite({ role: 'viewer' }, 'submit mail'));
    expect(viewer.code).toBe('insufficient_role');
    expect(() => assertMayWrite({ role: 'member' }, 'submit mail')).not.toThrow();
    expect(refusalOf(() => assertMayWrite({ permission: 'read' }, 'submit mail')).message).toBe(
      'This API token is read-only: it cannot submit mail. Use a token with full permission.',
    );
  });
});
