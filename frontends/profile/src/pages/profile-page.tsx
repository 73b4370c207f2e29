import { useLocation, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@mediport/contracts';
import { useAuth } from '@mediport/api-client';
import { hasPermission } from '@mediport/permissions';
import { lazyPage, PageHeader } from '@mediport/ui';
import { PROFILE_BUILD_VERSION } from '../build-info';
import { MESSAGES, PROFILE_TABS } from '../messages';

// Each tab's code is fetched when the tab is first shown.
const StammdatenTab = lazyPage(() => import(/* webpackChunkName: "tab-stammdaten" */ '../features/stammdaten/components/stammdaten-tab').then((m) => m.StammdatenTab));
const PasswordTab = lazyPage(() => import(/* webpackChunkName: "tab-password" */ '../features/password/components/password-tab').then((m) => m.PasswordTab));
const DocumentsTab = lazyPage(() => import(/* webpackChunkName: "tab-documents" */ '../features/documents/components/documents-tab').then((m) => m.DocumentsTab));
const ContractsTab = lazyPage(() => import(/* webpackChunkName: "tab-contracts" */ '../features/contracts/components/contracts-tab').then((m) => m.ContractsTab));
const InvoicesTab = lazyPage(() => import(/* webpackChunkName: "tab-invoices" */ '../features/invoices/components/invoices-tab').then((m) => m.InvoicesTab));
const MandateTab = lazyPage(() => import(/* webpackChunkName: "tab-mandate" */ '../features/mandate/components/mandate-tab').then((m) => m.MandateTab));
const BackupTab = lazyPage(() => import(/* webpackChunkName: "tab-backup" */ '../features/backup/components/backup-tab').then((m) => m.BackupTab));

const FORCE_PREFIX = '#scrollable-force-tab-';

/** The tab asked for by ?tab=N or #scrollable-force-tab-N (the forced password change links to the latter). */
export function requestedTab(search: string, hash: string): number | null {
  if (hash.startsWith(FORCE_PREFIX)) {
    const n = Number.parseInt(hash.slice(FORCE_PREFIX.length), 10);
    if (Number.isInteger(n)) return n;
  }
  const q = new URLSearchParams(search).get('tab');
  if (q !== null && /^\d+$/.test(q)) return Number(q);
  return null;
}

/** The component of tab `index`. */
function tabOf(index: number) {
  return index === 0 ? StammdatenTab : index === 1 ? PasswordTab : index === 2 ? InvoicesTab : index === 3 ? ContractsTab : index === 4 ? DocumentsTab : index === 5 ? MandateTab : BackupTab;
}

/** Loads the code of every tab (a spec's beforeAll; a warmed-up page has them). */
export const loadProfileTabs = () => Promise.all([StammdatenTab, PasswordTab, InvoicesTab, ContractsTab, DocumentsTab, MandateTab, BackupTab].map((tab) => tab.preload()));

// The tab the opened URL asks for (else the first) starts loading with this page, not after it renders.
void tabOf(requestedTab(window.location.search, window.location.hash) ?? 0)
  .preload()
  .catch(() => undefined);

/** /profil with the tabs the user's profile_*_view permissions allow. */
export function ProfilePage() {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const permissions = auth?.permissions ?? [];
  // The password tab stays reachable while a one-time password must be changed.
  const tabs = PROFILE_TABS.filter(
    (t) => hasPermission(permissions, t.permission) || (t.index === 1 && auth?.once_password === true),
  );
  const requested = requestedTab(location.search, location.hash);
  const forced = location.hash === `${FORCE_PREFIX}1` || auth?.once_password === true;
  const current = tabs.find((t) => t.index === requested) ?? tabs[0];

  return (
    <>
      {/* During the forced change "/" would only lead back here: no link then. */}
      <PageHeader title={MESSAGES.title} breadcrumbs={[{ label: PRODUCT_NAME, to: auth?.once_password ? undefined : '/' }, { label: MESSAGES.breadcrumb }]} />
      <Paper variant="outlined">
        {tabs.length > 0 && current && (
          <Tabs
            value={current.index}
            onChange={(_, index: number) => navigate({ pathname: location.pathname, search: `?tab=${index}` })}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label={MESSAGES.tabsLabel}
            sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
          >
            {tabs.map((t) => (
              <Tab
                key={t.index}
                value={t.index}
                label={t.label}
                id={`scrollable-force-tab-${t.index}`}
                aria-controls={`scrollable-force-tabpanel-${t.index}`}
              />
            ))}
          </Tabs>
        )}
        {current && (
          <Box
            role="tabpanel"
            id={`scrollable-force-tabpanel-${current.index}`}
            aria-labelledby={`scrollable-force-tab-${current.index}`}
            sx={{ p: 3 }}
          >
            {current.index === 0 && <StammdatenTab />}
            {current.index === 1 && <PasswordTab forced={forced} />}
            {current.index === 2 && <InvoicesTab />}
            {current.index === 3 && <ContractsTab />}
            {current.index === 4 && <DocumentsTab />}
            {current.index === 5 && <MandateTab />}
            {current.index === 6 && <BackupTab />}
          </Box>
        )}
      </Paper>
      {/* Which build of this remote is running: it is deployed on its own, without the shell. */}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1, textAlign: 'right' }}>
        {MESSAGES.remoteVersion(PROFILE_BUILD_VERSION)}
      </Typography>
    </>
  );
}
