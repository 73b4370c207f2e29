import { Fragment, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { List, ListItemButton, ListItemIcon, ListItemText, ListSubheader } from '@mui/material';
import { useAuth } from '@mediport/api-client';
import { ContractRequiredDialog, LockIcon } from '@mediport/ui';
import { MESSAGES } from '../messages';
import { visibleSidebar, type VisibleItem } from './sidebar-items';

function isActive(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** Sidebar sections by permission; contract-locked items open the "Vertrag benötigt!" dialog. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const auth = useAuth();
  const { pathname } = useLocation();
  const [dialogOpen, setDialogOpen] = useState(false);
  const sections = visibleSidebar(auth?.permissions ?? []);

  const renderItem = (item: VisibleItem) =>
    item.locked ? (
      <ListItemButton key={item.to} onClick={() => setDialogOpen(true)} sx={{ color: 'text.secondary' }}>
        <ListItemText primary={item.label} />
        <ListItemIcon sx={{ minWidth: 0 }}>
          <LockIcon fontSize="small" titleAccess="Vertrag benötigt" />
        </ListItemIcon>
      </ListItemButton>
    ) : (
      <ListItemButton
        key={item.to}
        component={NavLink}
        to={item.to}
        end={item.to === '/'}
        selected={isActive(pathname, item.to)}
        onClick={onNavigate}
      >
        <ListItemText primary={item.label} />
      </ListItemButton>
    );

  return (
    <nav aria-label={MESSAGES.mainNavigation}>
      <List dense disablePadding>
        {sections.map((section, i) => (
          <Fragment key={section.title ?? `plain-${i}`}>
            {section.title && (
              <ListSubheader component="div" sx={{ lineHeight: '36px', mt: 1, fontWeight: 600, bgcolor: 'transparent' }}>
                {section.title}
              </ListSubheader>
            )}
            {section.items.map(renderItem)}
          </Fragment>
        ))}
      </List>
      <ContractRequiredDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </nav>
  );
}
