import { Suspense, useState, type MouseEvent, type ReactElement } from 'react';
import { Link as RouterLink, Outlet, useNavigate } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { setAuth, switchBack, toast, useAuth, useAuthedObjectUrl } from '@mediport/api-client';
import { API_MESSAGES } from '@mediport/contracts';
import { LoadingState, LogoutIcon, MenuIcon, PersonIcon, runUnlessHeld, SwapIcon } from '@mediport/ui';
import { MESSAGES } from '../../../messages';
import { AddressChangeNotice } from './address-change-notice';
import { Logo } from './logo';
import { Sidebar } from './sidebar';
import { PublicFooter } from './public-layout';

const DRAWER_WIDTH = 260;
const DRAWER_ID = 'main-navigation-drawer';
/** Breakpoints: the sidebar stays open from 1024 px, button texts show from 601 px, the product name from 426 px. */
const DESKTOP = '(min-width:1024px)';
const WIDE = '(min-width:601px)';

/** The signed-in frame: top bar, sidebar, content, footer "2.9.1". */
export function AppLayout() {
  const auth = useAuth();
  const navigate = useNavigate();
  const desktop = useMediaQuery(DESKTOP);
  const wide = useMediaQuery(WIDE);
  const [mobileOpen, setMobileOpen] = useState(false);
  // The avatar URL needs the session header, so it is fetched into an object URL.
  const avatar = useAuthedObjectUrl(auth?.user?.avatar);
  if (!auth) return null;

  const name = [auth.user?.firstname, auth.user?.lastname].filter(Boolean).join(' ') || auth.username;

  const forced = auth.once_password === true;

  async function switchToAdmin() {
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
  // Switching user leaves the page without a navigation first: ask the unsaved-changes guard before.
  const onSwitchBack = () => runUnlessHeld(() => void switchToAdmin());

  const drawer = (
    <Box sx={{ py: 1 }}>
      <Sidebar onNavigate={() => setMobileOpen(false)} />
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
          {!desktop && (
            <IconButton
              color="inherit"
              aria-label={MESSAGES.menu}
              aria-controls={DRAWER_ID}
              aria-expanded={mobileOpen}
              onClick={() => setMobileOpen((o) => !o)}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex' }}>
            {forced ? (
              <Logo size={30} inverse nameFrom={426} />
            ) : (
              <Box component={RouterLink} to="/" aria-label={MESSAGES.homeLink} sx={{ textDecoration: 'none', color: 'inherit' }}>
                <Logo size={30} inverse nameFrom={426} />
              </Box>
            )}
          </Box>
          {auth.switchBackToken && (
            <TopBarAction label={MESSAGES.switchBack} icon={<SwapIcon />} wide={wide} href="/" onClick={onSwitchBack} outlined />
          )}
          <Button
            color="inherit"
            component={RouterLink}
            to="/profil"
            aria-label={MESSAGES.profileLink}
            sx={{ minWidth: 0, px: { xs: 1, sm: 1.5 } }}
            startIcon={avatar ? <Avatar src={avatar} alt={MESSAGES.topBarAvatar} sx={{ width: 28, height: 28 }} /> : <PersonIcon />}
          >
            <Typography component="span" sx={{ textTransform: 'none', display: wide ? 'inline' : 'none' }}>
              {name}
            </Typography>
          </Button>
          <TopBarAction label={MESSAGES.signOut} icon={<LogoutIcon />} wide={wide} to="/logout" />
        </Toolbar>
      </AppBar>
      <Drawer
        variant={desktop ? 'permanent' : 'temporary'}
        open={desktop || mobileOpen}
        onClose={() => setMobileOpen(false)}
        ModalProps={{ keepMounted: true }}
        id={DRAWER_ID}
        sx={{ width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
      >
        <Toolbar />
        <Divider />
        {drawer}
      </Drawer>
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 1.5, sm: 2, md: 3 } }}>
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

interface TopBarActionProps {
  label: string;
  icon: ReactElement;
  /** Wide screens show the label beside the icon; narrow ones the icon alone (the label stays its name). */
  wide: boolean;
  /** In-app route (a link the router and its guards handle) ... */
  to?: string;
  /** ... or an address with its own click handler. */
  href?: string;
  onClick?: () => void;
  outlined?: boolean;
}

/** A button of the top bar: icon and text from 601 px, the icon alone (with a tooltip) below. */
function TopBarAction({ label, icon, wide, to, href, onClick, outlined }: TopBarActionProps) {
  const link = to ? { component: RouterLink, to } : { component: 'a' as const, href };
  const click = onClick
    ? (e: MouseEvent) => {
        e.preventDefault();
        onClick();
      }
    : undefined;
  if (!wide) {
    return (
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} onClick={click} {...link}>
          {icon}
        </IconButton>
      </Tooltip>
    );
  }
  return (
    <Button color="inherit" startIcon={icon} onClick={click} variant={outlined ? 'outlined' : 'text'} size={outlined ? 'small' : 'medium'} sx={{ flexShrink: 0 }} {...link}>
      {label}
    </Button>
  );
}
