import { useCallback, useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME, ROLE_LABELS, type AclMatrix, type AclRuleItem, type Role } from '@mediport/contracts';
import { toast, useHasPermission } from '@mediport/api-client';
import { ErrorPanel, formatCount, InfoIcon, LoadingState, PageHeader, useUnsavedChangesGuard } from '@mediport/ui';
import { useAcl, useSaveAcl } from '../features/acl/api/acl-api';
import { applyToggle, cellState, changedColumns, MATRIX_ROLES, type Toggle } from '../features/acl/matrix-model';
import { ACL_TEXT, ADMIN_AREA } from '../messages';
import { AclIntroDialog } from '../features/acl/components/acl-intro-dialog';
import { MatrixCell } from '../features/acl/components/matrix-cell';
import { PermissionDetailDialog } from '../features/acl/components/permission-detail-dialog';

/** The permission column stays in view while the role columns scroll sideways on narrow screens. */
const STICKY_COLUMN = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper', minWidth: { xs: 150, sm: 260 } } as const;

/** localStorage key: the introduction was shown once. */
export const INTRO_SEEN_KEY = 'acl-intro-seen';

function introSeen(): boolean {
  try {
    return window.localStorage.getItem(INTRO_SEEN_KEY) === '1';
  } catch {
    return false;
  }
}

/** /v3/acl: the rights matrix per area (tabs), permission (rows) and role (columns). */
export function AclPage() {
  const acl = useAcl();
  const save = useSaveAcl();
  const editable = useHasPermission('acl_edit_view');
  const [edited, setEdited] = useState<AclMatrix | null>(null);
  const [tab, setTab] = useState(0);
  const [detail, setDetail] = useState<AclRuleItem | null>(null);
  const [introOpen, setIntroOpen] = useState(() => !introSeen());

  // A fresh server state (first load, after saving) replaces the working copy.
  useEffect(() => {
    if (acl.data) setEdited(acl.data.acl);
  }, [acl.data]);

  const onToggle = useCallback((role: Role, name: string, toggle: Toggle, on: boolean) => {
    setEdited((m) => (m ? applyToggle(m, role, name, toggle, on) : m));
  }, []);

  const changes = useMemo(() => (acl.data && edited ? changedColumns(acl.data.acl, edited) : {}), [acl.data, edited]);
  const changedCount = Object.keys(changes).length;
  const guard = useUnsavedChangesGuard(changedCount > 0);

  const closeIntro = () => {
    setIntroOpen(false);
    try {
      window.localStorage.setItem(INTRO_SEEN_KEY, '1');
    } catch {
      // Private mode without storage: the introduction shows again next time.
    }
  };

  const onSave = () => {
    save.mutate(changes, { onSuccess: () => toast(ACL_TEXT.saved, 'success') });
  };

  const crumbs = [{ label: PRODUCT_NAME, to: '/' }, { label: ADMIN_AREA }, { label: ACL_TEXT.title }];
  const header = (
    <PageHeader
      title={ACL_TEXT.title}
      breadcrumbs={crumbs}
      actions={
        <Button variant="outlined" startIcon={<InfoIcon />} onClick={() => setIntroOpen(true)}>
          {ACL_TEXT.intro}
        </Button>
      }
    />
  );

  if (acl.isLoading || (acl.data && !edited)) {
    return (
      <>
        {header}
        <LoadingState />
      </>
    );
  }
  if (acl.isError || !acl.data || !edited) {
    return (
      <>
        {header}
        <ErrorPanel message={ACL_TEXT.loadFailed} onRetry={() => void acl.refetch()} />
      </>
    );
  }

  const group = acl.data.rules[tab] ?? acl.data.rules[0]!;
  return (
    <>
      {header}
      <Alert severity="info" sx={{ mb: 2 }}>
        {ACL_TEXT.immediateNote}
      </Alert>
      {!editable && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {ACL_TEXT.readOnly}
        </Alert>
      )}
      <Paper variant="outlined">
        <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label={ACL_TEXT.areas}>
          {acl.data.rules.map((g) => (
            <Tab key={g.group} label={g.label} />
          ))}
        </Tabs>
        <TableContainer sx={{ maxHeight: 'calc(100vh - 330px)', minHeight: 300 }}>
          <Table stickyHeader size="small" aria-label={ACL_TEXT.tableLabel(group.label)}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ ...STICKY_COLUMN, zIndex: 3 }}>{ACL_TEXT.permission}</TableCell>
                {MATRIX_ROLES.map((role) => (
                  <TableCell key={role} sx={{ minWidth: 110 }}>
                    {ROLE_LABELS[role]}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {group.sections.map((section) => [
                <TableRow key={`s-${section.label}`}>
                  <TableCell colSpan={MATRIX_ROLES.length + 1} sx={{ bgcolor: 'grey.100', fontWeight: 500 }}>
                    {section.label}
                  </TableCell>
                </TableRow>,
                ...section.items.map((item) => (
                  <TableRow key={item.name} hover>
                    <TableCell sx={{ ...STICKY_COLUMN, verticalAlign: 'top' }}>
                      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
                        <Box sx={{ flexGrow: 1 }}>
                          <Typography>{item.label}</Typography>
                          <Typography variant="caption" color="textSecondary" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                            {item.name}
                          </Typography>
                        </Box>
                        <Tooltip title={ACL_TEXT.details}>
                          <IconButton size="small" aria-label={`${ACL_TEXT.details}: ${item.label}`} onClick={() => setDetail(item)}>
                            <InfoIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </Box>
                    </TableCell>
                    {MATRIX_ROLES.map((role) => (
                      <TableCell key={role} sx={{ verticalAlign: 'top' }}>
                        <MatrixCell role={role} item={item} state={cellState(edited[role], item.name)} editable={editable} onToggle={onToggle} />
                      </TableCell>
                    ))}
                  </TableRow>
                )),
              ])}
            </TableBody>
          </Table>
        </TableContainer>
        {editable && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2, borderTop: 1, borderColor: 'divider' }}>
            <Typography color="textSecondary" sx={{ flexGrow: 1 }} role="status">
              {changedCount > 0 ? ACL_TEXT.unsaved(formatCount(changedCount, 'role')) : ''}
            </Typography>
            <Button onClick={() => setEdited(acl.data!.acl)} disabled={changedCount === 0 || save.isPending}>
              {ACL_TEXT.discard}
            </Button>
            <Button variant="contained" onClick={onSave} disabled={changedCount === 0 || save.isPending}>
              {ACL_TEXT.save}
            </Button>
          </Box>
        )}
      </Paper>
      <PermissionDetailDialog item={detail} matrix={edited} onClose={() => setDetail(null)} />
      <AclIntroDialog open={introOpen} onClose={closeIntro} />
      {guard.dialog}
    </>
  );
}
