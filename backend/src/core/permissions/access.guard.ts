import { type CanActivate, type ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type AuthedRequest, tokenFromRequest } from '../auth/current-auth.decorator.js';
import { SessionService } from '../auth/session.service.js';
import { AppError } from '../errors/app-error.js';
import { ACCESS_KEY, ALLOW_ONCE_PASSWORD_KEY, permissionsFor, type RouteAccess } from './access.decorators.js';

/**
 * The one global guard: every route must declare @Public(), @SignedIn() or @RequirePermission();
 * a route that declares nothing is denied. Builds the caller (session → user → permissions).
 */
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly logger = new Logger('AccessGuard');

  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // Socket connections authenticate in the gateway itself.
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    const access = this.reflector.getAllAndOverride<RouteAccess | undefined>(ACCESS_KEY, targets);
    const req = context.switchToHttp().getRequest<AuthedRequest>();
    if (!access) {
      this.logger.warn(`Route ${req.method} ${req.path} declares no permission and is denied.`);
      throw AppError.forbidden();
    }
    // An HTTP request may use the session row an earlier request read, where that is safe (SessionService).
    const auth = await this.sessions.authenticate(tokenFromRequest(req), { recent: true });
    if (auth) req.auth = auth;
    if (access.kind === 'public') return true;
    if (!auth) throw AppError.unauthenticated();
    if (auth.user.oncePassword && !this.reflector.getAllAndOverride<boolean>(ALLOW_ONCE_PASSWORD_KEY, targets)) {
      throw AppError.passwordChangeRequired();
    }
    if (access.kind === 'signed-in') return true;
    const grants = permissionsFor(access, req.body).map((name) => auth.grant(name));
    if (grants.some((g) => g === 'all' || g === 'own')) return true;
    if (grants.includes('locked')) throw AppError.contractRequired();
    throw AppError.forbidden();
  }
}
