import { Navigate } from 'react-router-dom';
import { Paper, Typography } from '@mui/material';
import { PRODUCT_NAME } from '@mediport/contracts';
import { useAuth, useHasPermission } from '@mediport/api-client';
import { PageHeader } from '@mediport/ui';
import { MESSAGES } from '../messages';

/** Dashboard at / for dashboard_view; others (accounting) go to /profil. Tiles follow later. */
export function DashboardPage() {
  const auth = useAuth();
  const allowed = useHasPermission('dashboard_view');
  if (!allowed) return <Navigate to="/profil" replace />;
  const name = [auth?.user?.firstname, auth?.user?.lastname].filter(Boolean).join(' ') || auth?.username || '';
  return (
    <>
      <PageHeader title={MESSAGES.dashboard} breadcrumbs={[{ label: PRODUCT_NAME, to: '/' }, { label: MESSAGES.dashboard }]} />
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h2" gutterBottom>
          {MESSAGES.welcome(name)}
        </Typography>
        <Typography color="text.secondary">{MESSAGES.dashboardNote}</Typography>
      </Paper>
    </>
  );
}
