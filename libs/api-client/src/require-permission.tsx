import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { grantOf } from '@mediport/permissions';
import { useAuth } from './hooks.js';

export interface RequirePermissionProps {
  name: string;
  /** Rendered while only the contract-locked form is held (default: redirect like a missing right). */
  locked?: ReactNode;
  /** Where a user without the permission goes. */
  redirectTo?: string;
}

/** Layout route: renders the child routes when the permission is held, otherwise redirects. */
export function RequirePermission({ name, locked, redirectTo = '/' }: RequirePermissionProps) {
  const auth = useAuth();
  const grant = grantOf(auth?.permissions ?? [], name);
  if (grant === 'all' || grant === 'own') return <Outlet />;
  if (grant === 'locked' && locked) return <>{locked}</>;
  return <Navigate to={redirectTo} replace />;
}
