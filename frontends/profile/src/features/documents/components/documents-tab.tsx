import { useState } from 'react';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { type ProfileDocumentDto } from '@mediport/contracts';
import { PROFILE_MESSAGES } from '@mediport/contracts/profile-messages';
import { useAuth } from '@mediport/api-client';
import { EmptyState, formatDateTime, InboxIcon, LoadingState } from '@mediport/ui';
import { MESSAGES } from '../../../messages';
import { useDecideDocument, useDocuments } from '../api/documents-api';
import { DocumentStatus } from './document-status';
import { PdfViewer } from './pdf-viewer';

/** Dokumente: the own profile documents; a click opens the full-screen viewer. */
export function DocumentsTab() {
  const auth = useAuth();
  const userId = auth?.user._id ?? '';
  const documents = useDocuments(userId);
  const decide = useDecideDocument(userId);
  const { enqueueSnackbar } = useSnackbar();
  const [open, setOpen] = useState<ProfileDocumentDto | null>(null);

  if (documents.isLoading) return <LoadingState />;
  const list = documents.data ?? [];
  if (list.length === 0) return <EmptyState text={PROFILE_MESSAGES.noDocuments} />;

  async function onDecide(decision: 'accepted' | 'reject') {
    if (!open) return;
    await decide.mutateAsync({ title: open.title, decision });
    enqueueSnackbar(PROFILE_MESSAGES.documentDecisionSaved, { variant: 'success' });
    setOpen(null);
  }

  return (
    <Box sx={{ maxWidth: 760 }}>
      <List aria-label={MESSAGES.documentsTitle}>
        {list.map((d) => (
          <ListItem key={d._id} disablePadding divider>
            <ListItemButton onClick={() => setOpen(d)}>
              <ListItemIcon sx={{ minWidth: 40 }} aria-hidden>
                <InboxIcon />
              </ListItemIcon>
              <ListItemText primary={d.title} secondary={MESSAGES.placedAt(formatDateTime(d.createdAt))} />
              <DocumentStatus decision={d.decision} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      {open && (
        <PdfViewer userId={userId} document={open} onClose={() => setOpen(null)} onDecide={(d) => void onDecide(d).catch(() => undefined)} busy={decide.isPending} />
      )}
    </Box>
  );
}
