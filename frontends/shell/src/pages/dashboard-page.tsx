import { Navigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@mediport/contracts';
import { useAuth, useHasPermission } from '@mediport/api-client';
import { LoadingState, PageHeader } from '@mediport/ui';
import { MESSAGES } from '../messages';
import { useStatistics } from '../features/dashboard/api/dashboard-api';
import { DashboardTiles } from '../features/dashboard/components/dashboard-tiles';
import { Changelog, Faq } from '../features/dashboard/components/faq-and-changelog';
import { DASHBOARD_MESSAGES } from '../features/dashboard/messages';
import { Webinars } from '../features/dashboard/components/webinars';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }} component="section" aria-label={title}>
      <Typography variant="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Dashboard at / for dashboard_view (accounting and others go to /profil): tiles, webinars, FAQ, changelog. */
export function DashboardPage() {
  const allowed = useHasPermission('dashboard_view');
  if (!allowed) return <Navigate to="/profil" replace />;
  return <Dashboard />;
}

function Dashboard() {
  const auth = useAuth();
  const statistics = useStatistics();
  const name = [auth?.user?.firstname, auth?.user?.lastname].filter(Boolean).join(' ') || auth?.username || '';
  return (
    <>
      <PageHeader title={MESSAGES.dashboard} breadcrumbs={[{ label: PRODUCT_NAME, to: '/' }, { label: MESSAGES.dashboard }]} />
      <Typography variant="h2" sx={{ mb: 2 }}>
        {MESSAGES.welcome(name)}
      </Typography>
      {statistics.isLoading && <LoadingState text={DASHBOARD_MESSAGES.loading} />}
      {statistics.data && (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <DashboardTiles counts={statistics.data.counts} />
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
            <Box sx={{ display: 'grid', gap: 3 }}>
              <Section title={DASHBOARD_MESSAGES.webinars}>
                <Webinars webinars={statistics.data.webinars} />
              </Section>
              <Section title={DASHBOARD_MESSAGES.changelog}>
                <Changelog log={statistics.data.log} />
              </Section>
            </Box>
            <Section title={DASHBOARD_MESSAGES.faq}>
              <Faq faq={statistics.data.faq} />
            </Section>
          </Box>
        </Box>
      )}
    </>
  );
}
