import { useCallback, useMemo, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { PRODUCT_NAME, type HomeDto } from '@mediport/contracts';
import { toast, useAuth } from '@mediport/api-client';
import { PageHeader, useUnsavedChangesGuard, type ImageChange } from '@mediport/ui';
import { AuditInfo, FORM_TEXTS, FormFrame, useRecordForm } from '../shared';
import { DeactivationNotice } from '../shared/deactivation';
import { RecordState } from '../shared/record-state';
import { useCreateHome, useDeactivateHome, useHome, useReactivateHome, useUpdateHome } from '../features/homes/api/homes-api';
import { EMPTY_HOME, homeRequestBody, homeToForm, tabOfField, validateHomeForm, type HomeFormValues } from '../features/homes/home-form-model';
import { HOME_LIST_PATH, HOME_TEXTS as T } from '../features/homes/messages';
import { HomeMasterFields, HomeSenderFields } from '../features/homes/components/home-fields';
import { HomeGroupsPanel } from '../features/homes/components/home-groups-panel';

type TabId = 'stammdaten' | 'wohnbereich' | 'absender';
type Mode = 'new' | 'edit' | 'delete';

const crumbs = (title: string) => [{ label: PRODUCT_NAME, to: '/' }, { label: FORM_TEXTS.section }, { label: T.listTitle, to: HOME_LIST_PATH }, { label: title }];

/** /einrichtung/neu and /pflegeeinrichtung/neu: 'Neue Einrichtung'. */
export function HomeNewPage() {
  return (
    <>
      <PageHeader title={T.newTitle} breadcrumbs={crumbs(T.newTitle)} />
      <HomeForm mode="new" />
    </>
  );
}

/** /einrichtung/{id} and /pflegeeinrichtungen/bearbeiten/{id}: 'Einrichtung bearbeiten' (read-only without the right to change it). */
export function HomeEditPage() {
  const { id } = useParams();
  const home = useHome(id);
  const title = home.data && !home.data.editable ? T.viewTitle : T.editTitle;
  return (
    <>
      <PageHeader title={title} breadcrumbs={crumbs(title)} />
      <RecordState query={home}>{(h) => <HomeForm key={h._id} mode="edit" home={h} />}</RecordState>
    </>
  );
}

/** /einrichtung/{id}/loeschen: 'Einrichtung löschen', the deactivation confirmation. */
export function HomeDeletePage() {
  const { id } = useParams();
  const home = useHome(id);
  return (
    <>
      <PageHeader title={T.deleteTitle} breadcrumbs={crumbs(T.deleteTitle)} />
      <RecordState query={home}>{(h) => <HomeForm key={h._id} mode="delete" home={h} />}</RecordState>
    </>
  );
}

/** The home form with its tabs Stammdaten, Wohnbereich and (with `senderEditable`) Absendereinstellungen. */
function HomeForm({ mode, home }: { mode: Mode; home?: HomeDto }) {
  const navigate = useNavigate();
  const admin = useAuth()?.roles.includes('ROLE_ADMIN') ?? false;
  const readOnly = mode === 'delete' || (home !== undefined && !home.editable);
  const senderEditable = mode === 'edit' && !readOnly && !!home?.senderEditable;
  const [logo, setLogo] = useState<ImageChange>({ kind: 'keep' });
  const hasLogo = logo.kind === 'replace' || (logo.kind === 'keep' && !!home?.logo);

  const [params] = useSearchParams();
  const tabs: { id: TabId; label: string; disabled?: boolean }[] = [
    { id: 'stammdaten', label: T.tabMaster },
    { id: 'wohnbereich', label: T.tabGroups, disabled: !home },
    ...(senderEditable ? [{ id: 'absender' as const, label: T.tabSender }] : []),
  ];
  // Opened from the living-area deletion with ?tab=wohnbereich. The tab is kept in the page, not
  // the URL: with unsaved changes a URL change would ask whether to discard them.
  const [tab, setTab] = useState<TabId>(() => tabs.find((t) => t.id === params.get('tab') && !t.disabled)?.id ?? 'stammdaten');

  const create = useCreateHome();
  const update = useUpdateHome();
  const deactivate = useDeactivateHome(() => navigate(HOME_LIST_PATH));
  const reactivation = useReactivateHome();

  const validate = useCallback((v: HomeFormValues) => validateHomeForm(v, { senderEditable, hasLogo }), [senderEditable, hasLogo]);
  const initial = useMemo(() => (home ? homeToForm(home) : EMPTY_HOME), [home]);
  const form = useRecordForm({
    initial,
    validate,
    onSubmit: async (values) => {
      const body = homeRequestBody(values, { admin, senderEditable, logo });
      if (home) await update.mutateAsync({ params: { id: home._id }, body });
      else await create.mutateAsync({ body });
      toast(home ? T.changed : T.saved, 'success');
      guard.leave(() => navigate(HOME_LIST_PATH));
    },
  });
  const guard = useUnsavedChangesGuard(!readOnly && (form.dirty || logo.kind !== 'keep'));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (mode === 'delete') {
      if (home) deactivate.mutate({ params: { id: home._id } });
      return;
    }
    // A rule fails on another tab: show that tab, the message sits at its field.
    const first = form.values ? validate(form.values)[0] : undefined;
    if (first) setTab(tabOfField(first.path));
    void form.submit();
  };

  // The delete page has no tabs; a tab that went away (e.g. sender rights changed) falls back to Stammdaten.
  const shown: TabId = mode !== 'delete' && tabs.some((t) => t.id === tab && !t.disabled) ? tab : 'stammdaten';
  const panel = (id: TabId) => (mode === 'delete' ? { sx: { pt: 2 } } : { role: 'tabpanel', id: `home-tabpanel-${id}`, 'aria-labelledby': `home-tab-${id}`, sx: { pt: 2 } });
  const content = (
    <>
      <DeactivationNotice
        deactivated={!!home?.deactivated}
        deleting={mode === 'delete'}
        warning={T.deleteWarning}
        deactivatedText={T.deactivatedNote}
        onReactivate={home?.deletable ? () => reactivation.reactivate(home._id) : undefined}
        pending={reactivation.isPending}
      />
      {mode !== 'delete' && (
        <Tabs value={shown} onChange={(_e, next: TabId) => setTab(next)} aria-label={T.tabs} variant="scrollable" allowScrollButtonsMobile sx={{ borderBottom: 1, borderColor: 'divider' }}>
          {tabs.map((t) => (
            <Tab key={t.id} value={t.id} label={t.label} disabled={t.disabled} id={`home-tab-${t.id}`} aria-controls={`home-tabpanel-${t.id}`} />
          ))}
        </Tabs>
      )}
      {!home && (
        <Box sx={{ pt: 1, color: 'text.secondary', typography: 'body2' }}>{T.groupsAfterSave}</Box>
      )}
      {shown === 'stammdaten' && (
        <Box {...panel('stammdaten')}>
          <HomeMasterFields bind={form.field} readOnly={readOnly} admin={admin} />
        </Box>
      )}
      {shown === 'wohnbereich' && home && (
        <Box {...panel('wohnbereich')}>
          <HomeGroupsPanel home={home} />
        </Box>
      )}
      {shown === 'absender' && home && (
        <Box {...panel('absender')}>
          <HomeSenderFields bind={form.field} home={home} logo={logo} onLogo={setLogo} logoError={form.errorOf('logo')} />
        </Box>
      )}
      <AuditInfo record={home} />
    </>
  );

  if (readOnly && mode !== 'delete')
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-label={T.viewTitle} role="region">
        {content}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
          <Button component={RouterLink} to={HOME_LIST_PATH}>
            {FORM_TEXTS.back}
          </Button>
        </Box>
      </Paper>
    );
  return (
    <>
      <FormFrame
        label={mode === 'delete' ? T.deleteTitle : home ? T.editTitle : T.newTitle}
        onSubmit={onSubmit}
        cancelTo={HOME_LIST_PATH}
        saving={form.saving || deactivate.isPending}
        submitLabel={mode === 'delete' ? FORM_TEXTS.delete : FORM_TEXTS.save}
        submitColor={mode === 'delete' ? 'secondary' : 'primary'}
        submitDisabled={mode === 'delete' && !!home?.deactivated}
      >
        {content}
      </FormFrame>
      {guard.dialog}
    </>
  );
}
