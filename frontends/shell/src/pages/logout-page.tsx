import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { clearAuth, logout, readAuth } from '@mediport/api-client';
import { LoadingState } from '@mediport/ui';
import { MESSAGES } from '../messages';

/** Ends the session on the server, clears the stored login and goes to /login. */
export async function signOut(): Promise<void> {
  if (readAuth()) await logout().catch(() => undefined);
  clearAuth();
}

export function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    void signOut().then(() => navigate('/login', { replace: true }));
  }, [navigate]);
  return <LoadingState text={MESSAGES.signingOut} />;
}
