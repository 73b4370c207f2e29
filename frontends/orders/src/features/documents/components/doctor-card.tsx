import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Snippet } from '@mediport/contracts';
import { DOCUMENT_CHANNEL_LABELS, DOCUMENT_MESSAGES, DOCUMENT_SUBJECT_MAX, type DocumentRequestGroup, type DocumentRequestType } from '@mediport/contracts/documents';
import { doctorLabel, toEditorHtml } from '../document-html';
import { DOCUMENT_TEXTS as T } from '../messages';
import { DEFAULT_REQUEST_OPTIONS, type RequestOptions } from '../request-options';
import { RequestOptionsFields } from './request-options-fields';
import { RichTextEditor } from './rich-text-editor';
import { RequestTaskTable } from './request-task-table';
import { SnippetManager } from './snippet-manager';
import { SnippetPicker } from './snippet-picker';

/**
 * What the user made of a doctor's card: the subject, the text (HTML), the orders left out, the
 * snippet applied, and the request's reason, priority and remaining supply.
 */
export interface CardDraft extends RequestOptions {
  subject: string;
  content: string;
  excluded: ReadonlySet<string>;
  snippet: string;
}

export const draftOf = (group: DocumentRequestGroup): CardDraft => ({ subject: group.subject, content: toEditorHtml(group.content), excluded: new Set(), snippet: '', ...DEFAULT_REQUEST_OPTIONS });

/** Where the channel sends to (the doctor's e-mail address or fax number). */
const addressOf = (group: DocumentRequestGroup) => (group.channel === 'fax' || group.channel === 'fax-notification' ? group.doctor.fax : group.channel ? group.doctor.email : '');

/** The edit page of a doctor in the master data remote. */
export const doctorEditPath = (id: string) => `/arzt/${encodeURIComponent(id)}`;

export interface DoctorCardProps {
  group: DocumentRequestGroup;
  draft: CardDraft;
  onDraft: (draft: CardDraft) => void;
  type: DocumentRequestType;
  snippets: Snippet[];
  canEditDoctor: boolean;
  /** Phone layout: the orders as a list. */
  compact: boolean;
  /** The subject is missing (after a send attempt). */
  subjectError: boolean;
  /** A send was tried: wrong fields show their error. */
  checked: boolean;
}

/** One doctor's request: how it goes, subject, text, snippets and the orders it asks for. */
export function DoctorCard({ group, draft, onDraft, type, snippets, canEditDoctor, compact, subjectError, checked }: DoctorCardProps) {
  const headingId = useId();
  const [managing, setManaging] = useState(false);
  const name = doctorLabel(group.doctor);
  const requesting = group.tasks.length > 0;
  const remaining = group.tasks.filter((t) => !draft.excluded.has(t._id)).length;
  const address = addressOf(group);

  const toggle = (id: string, include: boolean) => {
    const excluded = new Set(draft.excluded);
    if (include) excluded.delete(id);
    else excluded.add(id);
    onDraft({ ...draft, excluded });
  };

  return (
    <Card component="section" variant="outlined" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ display: 'grid', gap: 2, minWidth: 0, p: { xs: 1.5, sm: 2 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography id={headingId} variant="h2" component="h2" sx={{ fontSize: '1.15rem', fontWeight: 600, flexGrow: 1, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          {requesting && group.channel && (
            <Chip color="primary" variant="outlined" label={[T.channel(DOCUMENT_CHANNEL_LABELS[group.channel]), address].filter(Boolean).join(': ')} sx={{ maxWidth: '100%' }} />
          )}
          <Typography variant="body2" color="textSecondary">
            {T.tasksCount(group.tasks.length + group.waiting.length)}
          </Typography>
        </Box>

        {requesting && !group.channel && (
          <Alert
            severity="warning"
            action={
              canEditDoctor ? (
                <Button component={RouterLink} to={doctorEditPath(group.doctor._id)} color="inherit" size="small">
                  {T.editDoctor}
                </Button>
              ) : undefined
            }
          >
            {T.noAddress[type]}
          </Alert>
        )}

        {requesting && (
          <>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
              <SnippetPicker
                snippets={snippets}
                value={draft.snippet}
                onPick={(s) => onDraft({ ...draft, subject: s.subject, content: toEditorHtml(s.content), snippet: s.name })}
              />
              <Button variant="outlined" onClick={() => setManaging(true)} sx={{ minHeight: 40 }}>
                {T.manageSnippets}
              </Button>
            </Box>
            <RequestOptionsFields value={draft} onChange={(options) => onDraft({ ...draft, ...options })} showErrors={checked || draft.supplyDays.length > 0} />
            <TextField
              label={T.subject}
              value={draft.subject}
              onChange={(e) => onDraft({ ...draft, subject: e.target.value })}
              required
              error={subjectError}
              helperText={subjectError ? DOCUMENT_MESSAGES.subjectRequired : undefined}
              slotProps={{ htmlInput: { maxLength: DOCUMENT_SUBJECT_MAX } }}
              fullWidth
            />
            <RichTextEditor value={draft.content} onChange={(content) => onDraft({ ...draft, content })} />
            <RequestTaskTable label={T.tasksOf(name)} tasks={group.tasks} excluded={draft.excluded} onToggle={toggle} compact={compact} />
            {remaining === 0 && <Alert severity="info">{T.nothingLeft}</Alert>}
          </>
        )}

        {group.waiting.length > 0 && (
          <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
            <Alert severity="info">{T.waiting}</Alert>
            <RequestTaskTable label={T.waitingOf(name)} tasks={group.waiting} compact={compact} />
          </Box>
        )}
      </CardContent>
      <SnippetManager open={managing} onClose={() => setManaging(false)} snippets={snippets} current={{ subject: draft.subject, content: draft.content }} />
    </Card>
  );
}

