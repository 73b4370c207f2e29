import { Suspense, useState, type MouseEvent } from 'react';
import { Link as RouterLink, Outlet, useNavigate } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { setAuth, switchBack, toast, useAuth, useAuthedObjectUrl } from '@mediport/api-client';
import { API_MESSAGES } from '@mediport/contracts';
import { LoadingState, LogoutIcon, MenuIcon, PersonIcon, SwapIcon } from '@mediport/ui';
import { MESSAGES } from '../messages';
import { signOut } from '../pages/logout-page';
import { AddressChangeNotice } from './address-change-notice';
import { Logo } from './logo';
import { Sidebar } from './sidebar';
import { PublicFooter } from './public-layout';

const DRAWER_WIDTH = 260;

/** The signed-in frame: top bar, sidebar, content, footer "2.9.1". */
export function AppLayout() {
  const auth = useAuth();
  const navigate = useNavigate();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const [mobileOpen, setMobileOpen] = useState(false);
  if (!auth) return null;

  const name = [auth.user?.firstname, auth.user?.lastname].filter(Boolean).join(' ') || auth.username;
  // The avatar URL needs the session header, so it is fetched into an object URL.
  const avatar = useAuthedObjectUrl(auth.user?.avatar);

  async function onSignOut() {
    await signOut();
    navigate('/login', { replace: true });
  }

  async function onSwitchBack() {
    const token = auth?.switchBackToken;
    if (!token) return;
    try {
      const admin = await switchBack(token);
      setAuth(admin);
      navigate('/', { replace: true });
    } catch {
      toast(API_MESSAGES.switchBackInvalid, 'error');
    }
  }

  const drawer = (
    <Box sx={{ py: 1 }}>
      <Sidebar onNavigate={() => setMobileOpen(false)} />
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          {!desktop && (
            <IconButton color="inherit" edge="start" aria-label={MESSAGES.menu} onClick={() => setMobileOpen((o) => !o)}>
              <MenuIcon />
            </IconButton>
          )}
          <Box component={RouterLink} to="/" sx={{ textDecoration: 'none', flexGrow: 1 }}>
            <Logo size={30} inverse />
          </Box>
          {auth.switchBackToken && (
            <Button
              color="inherit"
              component="a"
              href="/"
              startIcon={<SwapIcon />}
              onClick={(e: MouseEvent) => {
                e.preventDefault();
                void onSwitchBack();
              }}
              variant="outlined"
              size="small"
            >
              {MESSAGES.switchBack}
            </Button>
          )}
          <Button color="inherit" component={RouterLink} to="/profil" startIcon={avatar ? <Avatar src={avatar} alt={MESSAGES.topBarAvatar} sx={{ width: 28, height: 28 }} /> : <PersonIcon />} aria-label={MESSAGES.profileLink}>
            <Typography component="span" sx={{ textTransform: 'none', display: { xs: 'none', sm: 'inline' } }}>
              {name}
            </Typography>
          </Button>
          <Button color="inherit" startIcon={<LogoutIcon />} onClick={onSignOut}>
            {MESSAGES.signOut}
          </Button>
        </Toolbar>
      </AppBar>
      <Drawer
        variant={desktop ? 'permanent' : 'temporary'}
        open={desktop || mobileOpen}
        onClose={() => setMobileOpen(false)}
        sx={{ width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
      >
        <Toolbar />
        <Divider />
        {drawer}
      </Drawer>
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box component="main" sx={{ flexGrow: 1, p: { xs: 2, md: 3 } }}>
          <AddressChangeNotice system={auth.system} />
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </Box>
        <PublicFooter />
      </Box>
    </Box>
  );
}
