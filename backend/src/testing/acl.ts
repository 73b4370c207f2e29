import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { Role } from '@mediport/contracts';

type Column = { permissions: string[]; manager: string[] };

/**
 * Adds `permission` to `role`'s column of the rights matrix through the API, as an administrator
 * (`adminToken`) would; answers a function that puts the column back.
 */
export async function grantPermission(app: NestExpressApplication, adminToken: string, role: Role, permission: string): Promise<() => Promise<void>> {
  const api = () => request(app.getHttpServer());
  const column = ((await api().get('/api/acl').set('x-auth-token', adminToken)).body as { acl: Record<string, Column> }).acl[role]!;
  const res = await api().patch('/api/acl').set('x-auth-token', adminToken).send({ acl: { [role]: { ...column, permissions: [...column.permissions, permission] } } });
  if (res.status !== 200) throw new Error(`granting ${permission} to ${role} failed: ${res.status}`);
  return async () => {
    await api().patch('/api/acl').set('x-auth-token', adminToken).send({ acl: { [role]: column } });
  };
}
