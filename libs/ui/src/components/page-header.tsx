import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { UI_MESSAGES } from '../messages.js';

export interface Crumb {
  label: string;
  /** Route path; the last crumb usually has none. */
  to?: string;
}

export interface PageHeaderProps {
  title: string;
  breadcrumbs?: Crumb[];
  /** Buttons shown on the right. */
  actions?: ReactNode;
}

/** Page title with a breadcrumb line above it. */
export function PageHeader({ title, breadcrumbs = [], actions }: PageHeaderProps) {
  return (
    <Box sx={{ mb: 3, display: 'flex', alignItems: 'flex-end', gap: 2, flexWrap: 'wrap' }}>
      <Box sx={{ flexGrow: 1 }}>
        {breadcrumbs.length > 0 && (
          <Breadcrumbs aria-label={UI_MESSAGES.breadcrumb} sx={{ mb: 0.5, fontSize: '0.875rem' }}>
            {breadcrumbs.map((c, i) =>
              c.to && i < breadcrumbs.length - 1 ? (
                <Link key={`${c.label}-${i}`} component={RouterLink} to={c.to} underline="hover" color="inherit">
                  {c.label}
                </Link>
              ) : (
                <Typography key={`${c.label}-${i}`} color="textPrimary" sx={{ fontSize: 'inherit' }}>
                  {c.label}
                </Typography>
              ),
            )}
          </Breadcrumbs>
        )}
        <Typography variant="h1" component="h1">
          {title}
        </Typography>
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1 }}>{actions}</Box>}
    </Box>
  );
}
