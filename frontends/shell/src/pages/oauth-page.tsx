import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { FORCED_PASSWORD_PATH, type OauthLoginRequest } from '@mediport/contracts';
import { oauthLogin, setAuth } from '@mediport/api-client';
import { MESSAGES } from '../messages';
import { PublicLayout } from '../features/layout/components/public-layout';

/**
 * Single sign-on callback: sends ?code to POST /api/oauth, with the callback's state and iss so
 * the server can check them too. Any failure shows the one failure text (OAUTH_MESSAGES.failed).
 */
export function OauthPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    if (!code || params.has('error')) {
      setFailed(true);
      return;
    }
    const body: OauthLoginRequest = { code };
    const state = params.get('state');
    const iss = params.get('iss');
    if (state !== null) body.state = state;
    if (iss !== null) body.iss = iss;
    oauthLogin(body)
      .then((record) => {
        setAuth(record);
        if (record.once_password) window.location.assign(FORCED_PASSWORD_PATH);
        else navigate('/', { replace: true });
      })
      .catch(() => setFailed(true));
  }, [params, navigate]);

  return (
    <PublicLayout maxWidth="sm">
      <Card>
        <CardContent sx={{ p: 4 }}>
          {failed ? (
            <Stack spacing={2}>
              <Alert severity="error" role="alert">
                {MESSAGES.oauthFailed}
              </Alert>
              <Button component={RouterLink} to="/login" variant="outlined">
                {MESSAGES.toLogin}
              </Button>
            </Stack>
          ) : (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
              <CircularProgress size={28} />
              <Typography>{MESSAGES.oauthWaiting}</Typography>
            </Stack>
          )}
        </CardContent>
      </Card>
    </PublicLayout>
  );
}
