import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthContext } from './auth-context.js';

export type AuthedRequest = Request & { auth?: AuthContext };

export const AUTH_HEADER = 'x-auth-token';

export function tokenFromRequest(req: Request): string | null {
  const value = req.headers[AUTH_HEADER];
  const token = Array.isArray(value) ? value[0] : value;
  return token && token.trim() ? token.trim() : null;
}

/** The signed-in caller (set by the global access guard); undefined on public routes without a token. */
export const CurrentAuth = createParamDecorator((_data: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest<AuthedRequest>().auth);
