// Auth records for tests, built with the real default matrix of libs/permissions.
import type { AuthRecord, Role } from '@mediport/contracts';
import { DEFAULT_MATRIX, effectivePermissions } from '@mediport/permissions';

export function demoAuth(roles: Role[], opts: { hasContract?: boolean; once_password?: boolean; switchBackToken?: string } = {}): AuthRecord {
  const permissions = effectivePermissions(DEFAULT_MATRIX, { roles, hasContract: opts.hasContract ?? true });
  return {
    token: `token-${roles.join('-')}`,
    user: {
      _id: 'u1',
      username: 'demo',
      roles,
      doctor: null,
      home: null,
      homeGroup: [],
      patient: null,
      salutation: 'mrs',
      title: '',
      firstname: 'Dora',
      lastname: 'Demo',
      street: '',
      postalCode: '',
      city: '',
      country: 'Deutschland',
      avatar: null,
      chargeable: 0,
      status: '',
      once_password: opts.once_password ?? false,
      snippets: [],
      seen: [],
      createdAt: '2026-01-01T00:00:00.000Z',
      createdFrom: null,
      modifiedAt: '2026-01-01T00:00:00.000Z',
      modifiedFrom: null,
    },
    username: 'demo',
    roles,
    permissions,
    home: null,
    doctor: null,
    once_password: opts.once_password ?? false,
    system: { deadline: null, url: null },
    ...(opts.switchBackToken ? { switchBackToken: opts.switchBackToken } : {}),
  };
}
