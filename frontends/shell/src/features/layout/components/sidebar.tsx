import { Fragment, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { FORCED_PASSWORD_PATH } from '@mediport/contracts';
import { useAuth } from '@mediport/api-client';
import { ContractRequiredDialog, LockIcon } from '@mediport/ui';
import { MESSAGES } from '../../../messages';
import { useRemoteNav } from '../../federation/hooks/use-remote-nav';
import { visibleSidebar, type VisibleItem } from '../sidebar-items';

function isActive(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}

/**
 * Sidebar built from the shell's entries and what the loaded remotes publish (`./nav`); sections
 * by permission; contract-locked items open the "Vertrag benötigt!" dialog; a remote that cannot
 * be reached shows a German note in its section.
 */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const auth = useAuth();
  const { pathname } = useLocation();
  // While the one-time password must be changed, every other page leads back to /profil: show
  // only what can be reached, and say why.
  if (auth?.once_password) return <ForcedChangeSidebar pathname={pathname} onNavigate={onNavigate} />;
  return <FullSidebar pathname={pathname} permissions={auth?.permissions ?? []} onNavigate={onNavigate} />;
}

function FullSidebar({ pathname, permissions, onNavigate }: { pathname: string; permissions: readonly string[]; onNavigate?: () => void }) {
  const [dialogOpen, setDialogOpen] = useState(false);
  const nav = useRemoteNav();
  const sections = visibleSidebar(permissions, nav.remotes);

  // Each entry in its own <li>: a list holds list items only (axe "list").
  const renderItem = (item: VisibleItem) => (
    <ListItem key={item.to} disablePadding>
      {item.locked ? (
        <ListItemButton onClick={() => setDialogOpen(true)} sx={{ color: 'text.secondary' }}>
          <ListItemText primary={item.label} />
          <ListItemIcon sx={{ minWidth: 0 }}>
            <LockIcon fontSize="small" titleAccess="Vertrag benötigt" />
          </ListItemIcon>
        </ListItemButton>
      ) : (
        <ListItemButton component={NavLink} to={item.to} end={item.to === '/'} selected={isActive(pathname, item.to)} onClick={onNavigate}>
          <ListItemText primary={item.label} />
        </ListItemButton>
      )}
    </ListItem>
  );

  return (
    <nav aria-label={MESSAGES.mainNavigation}>
      <List dense disablePadding>
        {sections.map((section, i) => (
          <Fragment key={section.title ?? `plain-${i}`}>
            {section.title && (
              <ListSubheader component="li" sx={{ lineHeight: '36px', mt: 1, fontWeight: 600, bgcolor: 'transparent' }}>
                {section.title}
              </ListSubheader>
            )}
            {section.items.map(renderItem)}
            {section.unavailable && (
              <ListItem dense sx={{ color: 'text.secondary' }}>
                <ListItemText primary={MESSAGES.areaUnavailable} slotProps={{ primary: { variant: 'body2', role: 'status' } }} />
              </ListItem>
            )}
          </Fragment>
        ))}
        {!nav.settled && (
          <ListItem dense sx={{ color: 'text.secondary' }}>
            <ListItemText primary={MESSAGES.navLoading} slotProps={{ primary: { variant: 'body2' } }} />
          </ListItem>
        )}
      </List>
      <ContractRequiredDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </nav>
  );
}

function ForcedChangeSidebar({ pathname, onNavigate }: { pathname: string; onNavigate?: () => void }) {
  return (
    <nav aria-label={MESSAGES.mainNavigation}>
      <Alert severity="info" sx={{ mx: 1, mb: 1 }}>
        {MESSAGES.forcedNote}
      </Alert>
      <List dense disablePadding>
        <ListItem disablePadding>
          <ListItemButton component={NavLink} to={FORCED_PASSWORD_PATH} selected={isActive(pathname, '/profil')} onClick={onNavigate}>
            <ListItemText primary={MESSAGES.profile} />
          </ListItemButton>
        </ListItem>
        <ListItem disablePadding>
          <ListItemButton component={NavLink} to="/logout" onClick={onNavigate}>
            <ListItemText primary={MESSAGES.signOut} />
          </ListItemButton>
        </ListItem>
      </List>
    </nav>
  );
}
