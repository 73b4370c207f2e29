import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '@mediport/api-client';

/** Signed-out visitors of the main application go to /login. */
export function RequireAuth() {
  const auth = useAuth();
  const location = useLocation();
  if (!auth) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
