import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { MESSAGES } from '../../../messages';
import { Logo } from './logo';

/** Frame of the public pages: logo, content, footer with Impressum / Datenschutz. */
export function PublicLayout({ children, maxWidth = 'md' }: { children: ReactNode; maxWidth?: 'sm' | 'md' | 'lg' }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ bgcolor: 'primary.main', py: 1.5, px: 3 }}>
        <Link component={RouterLink} to="/login" underline="none" aria-label={MESSAGES.signIn}>
          <Logo size={32} inverse />
        </Link>
      </Box>
      <Container component="main" maxWidth={maxWidth} sx={{ flexGrow: 1, py: 4 }}>
        {children}
      </Container>
      <PublicFooter />
    </Box>
  );
}

export function PublicFooter() {
  return (
    <Box component="footer" sx={{ py: 2, px: 3, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Stack direction="row" spacing={3} sx={{ justifyContent: 'center', alignItems: 'center' }}>
        <Link component={RouterLink} to="/impressum">
          {MESSAGES.imprint}
        </Link>
        <Link component={RouterLink} to="/datenschutz">
          {MESSAGES.privacy}
        </Link>
        <Typography variant="body2" color="textSecondary">
          Version {MESSAGES.version}
        </Typography>
      </Stack>
    </Box>
  );
}
