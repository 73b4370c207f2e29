import { useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME, type ProfileDocumentDto, type UserDto } from '@mediport/contracts';
import { PROFILE_MESSAGES } from '@mediport/contracts/profile-messages';
import { fetchProfile } from '@mediport/api-client';
import { EmptyState, formatDateTime, LoadingState, PageHeader } from '@mediport/ui';
import { MESSAGES } from '../messages';
import { usePlaceDocument, useRemoveDocument, useDocuments } from '../features/documents/api/documents-api';
import { DocumentStatus } from '../features/documents/components/document-status';
import { PdfViewer } from '../features/documents/components/pdf-viewer';

/**
 * /profil/dokumente/{userId} (profile_document_manage_view): administrators place PDF documents
 * (e.g. terms to accept) in a user's profile, see the user's decision and remove documents.
 */
export function DocumentsAdminPage() {
  const { userId = '' } = useParams();
  const user = useQuery<UserDto>({ queryKey: ['profile', userId], queryFn: () => fetchProfile(userId), enabled: !!userId });
  const documents = useDocuments(userId);
  const place = usePlaceDocument(userId);
  const remove = useRemoveDocument(userId);
  const { enqueueSnackbar } = useSnackbar();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [open, setOpen] = useState<ProfileDocumentDto | null>(null);

  const who = user.data ? [user.data.firstname, user.data.lastname].filter(Boolean).join(' ') || user.data.username : '';

  async function upload() {
    if (!file) return;
    await place.mutateAsync({ file, name });
    enqueueSnackbar(PROFILE_MESSAGES.documentPlaced, { variant: 'success' });
    setFile(null);
    setName('');
  }

  async function onRemove(d: ProfileDocumentDto) {
    if (!window.confirm(MESSAGES.removeConfirm(d.title))) return;
    await remove.mutateAsync(d.title);
    enqueueSnackbar(PROFILE_MESSAGES.documentDeleted, { variant: 'success' });
  }

  return (
    <>
      <PageHeader
        title={MESSAGES.manageTitle}
        breadcrumbs={[{ label: PRODUCT_NAME, to: '/' }, { label: MESSAGES.breadcrumb, to: '/profil' }, { label: MESSAGES.manageTitle }]}
      />
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 860 }}>
        {who && (
          <Typography variant="h2" gutterBottom>
            {MESSAGES.manageFor(who)}
          </Typography>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'flex-start' } }}>
          <TextField label={MESSAGES.documentName} value={name} onChange={(e) => setName(e.target.value)} helperText={MESSAGES.documentNameHint} sx={{ flexGrow: 1 }} />
          <Box sx={{ pt: 1 }}>
            <Button variant="outlined" sx={{ whiteSpace: 'nowrap' }} onClick={() => input.current?.click()}>
              {MESSAGES.documentChoose}
            </Button>
            <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
              {file?.name ?? ''}
            </Typography>
            <input
              ref={input}
              type="file"
              accept="application/pdf"
              hidden
              aria-label={MESSAGES.documentFile}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                e.target.value = '';
              }}
            />
          </Box>
          <Box sx={{ pt: 1 }}>
            <Button variant="contained" disabled={!file || place.isPending} onClick={() => void upload().catch(() => undefined)}>
              {MESSAGES.upload}
            </Button>
          </Box>
        </Stack>
        {documents.isLoading && <LoadingState />}
        {!documents.isLoading && (documents.data ?? []).length === 0 && <EmptyState text={PROFILE_MESSAGES.noDocuments} />}
        <List aria-label={MESSAGES.documentsTitle}>
          {(documents.data ?? []).map((d) => (
            <ListItem
              key={d._id}
              disablePadding
              divider
              secondaryAction={
                <Tooltip title={MESSAGES.remove}>
                  <IconButton edge="end" aria-label={`${MESSAGES.remove}: ${d.title}`} onClick={() => void onRemove(d).catch(() => undefined)}>
                    ✕
                  </IconButton>
                </Tooltip>
              }
            >
              <ListItemButton onClick={() => setOpen(d)}>
                <ListItemText primary={d.title} secondary={MESSAGES.placedAt(formatDateTime(d.createdAt))} />
                <Box sx={{ mr: 4 }}>
                  <DocumentStatus decision={d.decision} />
                </Box>
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
      {open && <PdfViewer userId={userId} document={open} onClose={() => setOpen(null)} />}
    </>
  );
}
