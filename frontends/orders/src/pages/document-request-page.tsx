import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { PRODUCT_NAME, type TaskDto } from '@mediport/contracts';
import { DOCUMENT_REQUEST_DEFAULT_TYPE, DOCUMENT_REQUEST_TYPES, type DocumentRequestGroup, type DocumentRequestType } from '@mediport/contracts/documents';
import { useHasPermission } from '@mediport/api-client';
import { EmptyState, ErrorPanel, LoadingState, PageHeader, SendIcon, SPEC_BREAKPOINTS, UI_MESSAGES } from '@mediport/ui';
import { useCreateDocuments, useDocumentRequest, useSnippets } from '../features/documents/api/documents-api';
import { type CardDraft, DoctorCard, draftOf } from '../features/documents/components/doctor-card';
import { MissingAddressDialog } from '../features/documents/components/missing-address-dialog';
import { DOCUMENT_TEXTS as T, TRACKER_TEXTS } from '../features/documents/messages';
import { requestOptionsBody, supplyDaysError } from '../features/documents/request-options';

const LIST_PATH = '/anforderungen';
const TRACKER_PATH = '/anforderungen/rezeptanforderungen';

/** `?tasks=a,b` → ['a', 'b'] (each once, blanks dropped). */
const taskIdsOf = (value: string | null) => [...new Set((value ?? '').split(',').map((id) => id.trim()).filter(Boolean))];
const typeOf = (value: string | null): DocumentRequestType => (DOCUMENT_REQUEST_TYPES as readonly string[]).includes(value ?? '') ? (value as DocumentRequestType) : DOCUMENT_REQUEST_DEFAULT_TYPE;

const taskLine = (t: TaskDto) => [t.patientDetails ? `${t.patientDetails.firstname} ${t.patientDetails.lastname}` : '', t.medicine].filter(Boolean).join(': ');

/** A card that asks for something: its doctor, the text as edited and the orders left in. */
interface Outgoing {
  group: DocumentRequestGroup;
  draft: CardDraft;
  tasks: string[];
}

/**
 * /anforderungen/erzeugen (`?tasks=<id>,<id>&type=preferred|email|fax&state=<status>`): the
 * prescription requests for the selected orders, one card per doctor with subject, text, snippets
 * and the orders to ask for. Orders whose prescription already waits at the practice (type 4) and
 * orders without a doctor are shown apart; nothing is sent for them.
 */
export function DocumentRequestPage() {
  const [params, setParams] = useSearchParams();
  const tasks = useMemo(() => taskIdsOf(params.get('tasks')), [params]);
  const type = typeOf(params.get('type'));
  const state = params.get('state') ?? '';
  const compact = useMediaQuery(`(max-width: ${SPEC_BREAKPOINTS.small - 0.05}px)`);
  const navigate = useNavigate();

  const request = useDocumentRequest(tasks, type, state);
  const snippets = useSnippets();
  // Snippets are saved on the user (PUT /api/users/{id}); without that right they can only be chosen.
  const canEditDoctor = useHasPermission('doctor_edit_view');
  const create = useCreateDocuments(() => navigate(LIST_PATH));

  // Only cards the user changed have a draft; the others show the server's prefilled text.
  const [drafts, setDrafts] = useState<Record<string, CardDraft>>({});
  const [missing, setMissing] = useState<Outgoing[]>([]);
  const [checked, setChecked] = useState(false);

  const groups = request.data?.data ?? [];
  const withoutDoctor = request.data?.withoutDoctor ?? [];
  const draftFor = (g: DocumentRequestGroup) => drafts[g.doctor._id] ?? draftOf(g);
  const outgoing: Outgoing[] = groups
    .map((group) => {
      const draft = draftFor(group);
      return { group, draft, tasks: group.tasks.filter((t) => !draft.excluded.has(t._id)).map((t) => t._id) };
    })
    .filter((o) => o.tasks.length > 0);
  const taskCount = outgoing.reduce((n, o) => n + o.tasks.length, 0);

  const setType = (next: DocumentRequestType) =>
    setParams(
      (old) => {
        const p = new URLSearchParams(old);
        if (next === DOCUMENT_REQUEST_DEFAULT_TYPE) p.delete('type');
        else p.set('type', next);
        return p;
      },
      { replace: true },
    );

  const post = (list: Outgoing[]) => {
    if (list.some((o) => !o.draft.subject.trim() || (o.draft.reason === 'follow-up' && supplyDaysError(o.draft.supplyDays)))) {
      setChecked(true);
      return;
    }
    create.mutate({
      type,
      documents: list.map((o) => ({ doctor: o.group.doctor._id, subject: o.draft.subject.trim(), content: o.draft.content, tasks: o.tasks, ...requestOptionsBody(o.draft) })),
    });
  };
  const send = () => {
    const noAddress = outgoing.filter((o) => !o.group.channel);
    if (noAddress.length > 0) setMissing(noAddress);
    else post(outgoing);
  };
  const leaveOut = () => {
    const left = new Set(missing.map((o) => o.group.doctor._id));
    setMissing([]);
    post(outgoing.filter((o) => !left.has(o.group.doctor._id)));
  };

  const backLink = (
    <Button component={RouterLink} to={LIST_PATH} variant="outlined" sx={{ mt: 2, minHeight: 44 }}>
      {T.toList}
    </Button>
  );

  let body;
  if (tasks.length === 0)
    body = (
      <Paper variant="outlined">
        <EmptyState text={T.noneSelected}>{backLink}</EmptyState>
      </Paper>
    );
  else if (request.error && !request.data) body = <ErrorPanel message={UI_MESSAGES.loadFailed} onRetry={() => void request.refetch()} />;
  else if (!request.data) body = <LoadingState />;
  else
    body = (
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }} aria-busy={request.isFetching || undefined}>
        {withoutDoctor.length > 0 && (
          <Alert severity="info">
            {T.withoutDoctor(withoutDoctor.length)}
            <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
              {withoutDoctor.map((t) => (
                <li key={t._id}>{taskLine(t)}</li>
              ))}
            </Box>
          </Alert>
        )}
        {groups.length === 0 && (
          <Paper variant="outlined">
            <EmptyState text={T.noDoctors}>{backLink}</EmptyState>
          </Paper>
        )}
        {groups.map((group) => (
          <DoctorCard
            key={group.doctor._id}
            group={group}
            draft={draftFor(group)}
            onDraft={(draft) => setDrafts((old) => ({ ...old, [group.doctor._id]: draft }))}
            type={type}
            snippets={snippets}
            canEditDoctor={canEditDoctor}
            compact={compact}
            subjectError={checked && !draftFor(group).subject.trim()}
            checked={checked}
          />
        ))}
        {groups.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'flex-end' }}>
            <Typography variant="body2" color="textSecondary" sx={{ flexGrow: 1 }} role="status">
              {taskCount > 0 ? T.summary(taskCount, outgoing.length) : T.nothingToSend}
            </Typography>
            <Button component={RouterLink} to={LIST_PATH} sx={{ minHeight: 44, flex: { xs: '1 1 auto', sm: '0 0 auto' } }}>
              {T.cancel}
            </Button>
            <Button
              variant="contained"
              startIcon={<SendIcon />}
              onClick={send}
              disabled={outgoing.length === 0 || request.isFetching || create.isPending}
              sx={{ minHeight: 44, flex: { xs: '1 1 auto', sm: '0 0 auto' } }}
            >
              {T.send}
            </Button>
          </Box>
        )}
      </Box>
    );

  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader
        title={T.title}
        breadcrumbs={[{ label: PRODUCT_NAME, to: '/' }, { label: T.section }, { label: T.list, to: LIST_PATH }, { label: T.title }]}
        actions={
          <Button component={RouterLink} to={TRACKER_PATH} variant="outlined" size="small">
            {TRACKER_TEXTS.toTracker}
          </Button>
        }
      />
      {tasks.length > 0 && (
        <ToggleButtonGroup
          exclusive
          value={type}
          onChange={(_e, next: DocumentRequestType | null) => next && setType(next)}
          aria-label={T.typeLabel}
          color="primary"
          size="small"
          sx={{ mb: 2, width: { xs: '100%', sm: 'auto' } }}
        >
          {DOCUMENT_REQUEST_TYPES.map((t) => (
            <ToggleButton key={t} value={t} sx={{ minHeight: 44, px: 2, flex: { xs: 1, sm: 'none' }, textTransform: 'none' }}>
              {T.types[t]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      {body}
      <MissingAddressDialog
        doctors={missing.map((o) => o.group.doctor)}
        way={T.types[type]}
        othersLeft={outgoing.length > missing.length}
        canEditDoctor={canEditDoctor}
        onLeaveOut={leaveOut}
        onCancel={() => setMissing([])}
      />
    </Box>
  );
}
