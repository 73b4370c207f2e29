// Standalone dev page of a remote: the shell's providers, a minimal sign-in, and the remote's App.
import { useState, type ComponentType, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link as RouterLink } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { ApiError, AuthAbilityProvider, clearAuth, configureErrorHandler, login, setAuth, useAuth } from '@mediport/api-client';
import { PasswordField, UiProvider } from '@mediport/ui';

function SignIn() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      setAuth(await login({ username, password }));
    } catch (err) {
      setError(err instanceof ApiError ? (err.errors[0]?.message ?? err.message) : String(err));
    }
  }
  return (
    <Paper component="form" onSubmit={submit} sx={{ p: 3, maxWidth: 400, mx: 'auto' }}>
      <TextField label="Benutzername" value={username} onChange={(e) => setUsername(e.target.value)} />
      <PasswordField label="Passwort" value={password} onChange={(e) => setPassword(e.target.value)} />
      {error && <Alert severity="error">{error}</Alert>}
      <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }}>
        Anmelden
      </Button>
    </Paper>
  );
}

function Frame({ title, App }: { title: string; App: ComponentType }) {
  const auth = useAuth();
  const { enqueueSnackbar } = useSnackbar();
  configureErrorHandler({ notify: (message, variant) => enqueueSnackbar(message, { variant }) });
  return (
    <>
      <AppBar position="static">
        <Toolbar sx={{ gap: 2 }}>
          <Typography sx={{ flexGrow: 1 }}>Entwicklungsansicht: {title}</Typography>
          {auth && (
            <Button color="inherit" component={RouterLink} to="/">
              Start
            </Button>
          )}
          {auth && (
            <Button color="inherit" onClick={clearAuth}>
              Abmelden
            </Button>
          )}
        </Toolbar>
      </AppBar>
      <Container sx={{ py: 3 }}>{auth ? <App /> : <SignIn />}</Container>
    </>
  );
}

/** Renders a remote's App on its own page (webpack serve). */
export function mountStandalone(title: string, App: ComponentType): void {
  const root = document.getElementById('root');
  if (!root) return;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  createRoot(root).render(
    <UiProvider>
      <QueryClientProvider client={queryClient}>
        <AuthAbilityProvider>
          <BrowserRouter>
            <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
              <Frame title={title} App={App} />
            </Box>
          </BrowserRouter>
        </AuthAbilityProvider>
      </QueryClientProvider>
    </UiProvider>,
  );
}
