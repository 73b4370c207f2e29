import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { oauthLogin, setAuth } from '@mediport/api-client';
import { MESSAGES } from '../messages';
import { PublicLayout } from '../layout/public-layout';

/** Single sign-on callback: sends ?code to POST /api/oauth (spec part 1 §2). */
export function OauthPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  const code = params.get('code');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!code) {
      setFailed(true);
      return;
    }
    oauthLogin(code)
      .then((record) => {
        setAuth(record);
        navigate('/', { replace: true });
      })
      .catch(() => setFailed(true));
  }, [code, navigate]);

  return (
    <PublicLayout maxWidth="sm">
      <Card>
        <CardContent sx={{ p: 4 }}>
          {failed ? (
            <Stack spacing={2}>
              <Alert severity="error">{MESSAGES.oauthFailed}</Alert>
              <Button component={RouterLink} to="/login" variant="outlined">
                {MESSAGES.toLogin}
              </Button>
            </Stack>
          ) : (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <CircularProgress size={28} />
              <Typography>{MESSAGES.oauthWaiting}</Typography>
            </Stack>
          )}
        </CardContent>
      </Card>
    </PublicLayout>
  );
}
