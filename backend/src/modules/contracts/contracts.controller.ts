import { Controller, Get, Header, Query } from '@nestjs/common';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { AppError } from '../../core/errors/app-error.js';
import { userPolicy } from '../../core/permissions/policies/index.js';
import { RequirePermission } from '../../core/permissions/access.decorators.js';
import { ContractsRepository } from './contracts.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Controller('contracts')
export class ContractsController {
  constructor(private readonly contracts: ContractsRepository) {}

  /**
   * GET /api/contracts/has?home={id} or ?doctor={id}: whether a contract exists. Asked by the user
   * form (chargeable flag), so it needs what the form needs, for a home / doctor the caller may
   * assign users to (user policy); anything else is 404.
   */
  @Get('has')
  @Header('Content-Type', 'application/json; charset=utf-8')
  @RequirePermission('user_create_view', 'user-edit-btn')
  async has(@CurrentAuth() auth: AuthContext, @Query('home') home?: string, @Query('doctor') doctor?: string): Promise<boolean> {
    const id = home ?? doctor;
    if (!id || (home && doctor) || !UUID.test(id)) {
      throw AppError.badRequest([{ path: home ? 'home' : 'doctor', code: 'invalid', message: 'Bitte geben Sie eine Einrichtung oder einen Arzt an.' }]);
    }
    const assignee = { id: '', home: home ?? null, doctor: doctor ?? null, roles: [], status: '' };
    if (!userPolicy.can(auth, 'create', assignee) && !userPolicy.can(auth, 'update', assignee)) throw AppError.notFound();
    return this.contracts.exists(home ? { home } : { doctor });
  }
}
