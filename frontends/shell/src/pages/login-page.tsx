import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FORCED_PASSWORD_PATH, PARTNER_PLATFORM_NAME } from '@mediport/contracts';
import { ApiError, login, setAuth } from '@mediport/api-client';
import { PasswordField } from '@mediport/ui/core';
import { MESSAGES } from '../messages';
import { isDemoHost } from '../features/login/demo-host';
import { usePublicConfig } from '../features/login/api/public-config';
import { ssoLoginUrl } from '../features/login/sso';
import { PartnerCards } from '../features/login/components/partner-cards';
import { PublicLayout } from '../features/layout/components/public-layout';
import { Logo } from '../features/layout/components/logo';

function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.errors[0]?.message ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

export interface LoginPageProps {
  /** Host name deciding whether the demo table may appear (default: the browser's). */
  hostname?: string;
}

/** Sign-in. No client-side field validation: the server's answer says what is wrong. */
export function LoginPage({ hostname = window.location.hostname }: LoginPageProps) {
  const navigate = useNavigate();
  const config = usePublicConfig();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const showDemo = !!config.data?.demo && isDemoHost(hostname) && config.data.demoAccounts.length > 0;
  const ssoUrl = config.data ? ssoLoginUrl(config.data.sso, window.location.origin) : null;
  const partner = config.data?.partnerName ?? PARTNER_PLATFORM_NAME;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const record = await login({ username, password });
      setAuth(record);
      if (record.once_password) window.location.assign(FORCED_PASSWORD_PATH);
      else navigate('/', { replace: true });
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  }

  return (
    <PublicLayout maxWidth="md">
      <Stack spacing={3} sx={{ alignItems: 'center' }}>
        <Card sx={{ width: '100%', maxWidth: 440 }} elevation={3}>
          <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
            {/* The page's heading: the product name of the logo. */}
            <Box component="h1" sx={{ display: 'flex', justifyContent: 'center', mt: 0, mb: 2, fontSize: 'inherit', fontWeight: 'inherit' }}>
              <Logo size={48} />
            </Box>
            <Box component="form" onSubmit={submit} noValidate aria-label={MESSAGES.signIn}>
              <TextField
                label={MESSAGES.username}
                name="username"
                autoComplete="username"
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                autoFocus
              />
              <PasswordField
                label={MESSAGES.password}
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              {error && (
                <Alert severity="error" sx={{ mt: 1 }} role="alert">
                  {error}
                </Alert>
              )}
              <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 2 }} disabled={busy}>
                {MESSAGES.signIn}
              </Button>
              {ssoUrl && (
                <>
                  <Divider sx={{ my: 2 }}>{MESSAGES.or}</Divider>
                  <Button variant="outlined" fullWidth onClick={() => window.location.assign(ssoUrl)}>
                    {MESSAGES.signInWith(partner)}
                  </Button>
                </>
              )}
            </Box>
          </CardContent>
        </Card>
        {showDemo ? (
          <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440 }}>
            <Box sx={{ px: 2, pt: 2 }}>
              <Typography variant="h3" component="h2">
                {MESSAGES.demoTitle}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                {MESSAGES.demoHint}
              </Typography>
            </Box>
            <TableContainer>
              <Table size="small" aria-label={MESSAGES.demoTitle} sx={{ tableLayout: 'fixed' }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{MESSAGES.demoUser}</TableCell>
                    <TableCell>{MESSAGES.demoPassword}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {config.data!.demoAccounts.map((a) => {
                    const fill = () => {
                      setUsername(a.user);
                      setPassword(a.password);
                      setError(null);
                    };
                    return (
                      <TableRow key={a.user} hover sx={{ cursor: 'pointer' }} onClick={fill}>
                        <TableCell sx={{ py: 0.5 }}>
                          {/* The row answers clicks; the button makes the same action reachable by keyboard. */}
                          <Button
                            size="small"
                            onClick={(e) => {
                              e.stopPropagation();
                              fill();
                            }}
                            sx={{ textTransform: 'none', textAlign: 'left', justifyContent: 'flex-start', display: 'block', px: 0.5, color: 'text.primary' }}
                          >
                            <Typography component="span" sx={{ fontWeight: 500, display: 'block' }}>
                              {a.user}
                            </Typography>
                            {a.label && (
                              <Typography component="span" variant="body2" color="textSecondary" sx={{ display: 'block' }}>
                                {a.label}
                              </Typography>
                            )}
                          </Button>
                        </TableCell>
                        <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{a.password}</TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          </Paper>
        ) : (
          config.isFetched && <PartnerCards />
        )}
      </Stack>
    </PublicLayout>
  );
}
