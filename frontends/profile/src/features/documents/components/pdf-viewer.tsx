import { useEffect, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ProfileDocumentDto } from '@mediport/contracts';
import { handleApiError } from '@mediport/api-client';
import { ErrorPanel, LoadingState } from '@mediport/ui';
import { MESSAGES } from '../../../messages';
import { saveBlob } from '@mediport/api-client';
import { downloadDocument, fetchDocumentBlob } from '../api/documents-api';
import { DocumentStatus } from './document-status';

export interface PdfViewerProps {
  userId: string;
  document: ProfileDocumentDto;
  onClose: () => void;
  /** Akzeptieren / Ablehnen (only the owner decides). */
  onDecide?: (decision: 'accepted' | 'reject') => void;
  busy?: boolean;
}

/**
 * Chromium's built-in viewer titles its own toolbar with the PDF's metadata title or else the last
 * segment of the URL, which for a blob URL is a random id. Without that toolbar the only title is
 * ours, the document's name; Download and Schließen sit beside it.
 */
const VIEWER_OPTIONS = '#toolbar=0';

/** Full-screen PDF viewer: the document from a blob URL in an iframe, titled with its name, with Akzeptieren, Ablehnen and Download. */
export function PdfViewer({ userId, document, onClose, onDecide, busy }: PdfViewerProps) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let created: string | null = null;
    let cancelled = false;
    setFailed(false);
    fetchDocumentBlob(userId, document.title)
      .then((blob) => {
        if (cancelled) return;
        created = URL.createObjectURL(blob);
        setUrl(created);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      if (created) URL.revokeObjectURL(created);
    };
  }, [userId, document.title]);

  async function download() {
    try {
      saveBlob(await downloadDocument(userId, document.title), document.title);
    } catch (error) {
      handleApiError(error);
    }
  }

  return (
    <Dialog fullScreen open onClose={onClose} aria-labelledby="pdf-viewer-title">
      <AppBar position="relative" color="primary">
        <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Typography id="pdf-viewer-title" variant="h6" component="h2" sx={{ flexGrow: 1, color: 'inherit' }}>
            {document.title}
          </Typography>
          <Box sx={{ bgcolor: 'background.paper', borderRadius: 4 }}>
            <DocumentStatus decision={document.decision} />
          </Box>
          <Stack direction="row" spacing={1}>
            {onDecide && (
              <>
                <Button variant="contained" color="success" disabled={busy} onClick={() => onDecide('accepted')}>
                  {MESSAGES.accept}
                </Button>
                <Button variant="contained" color="secondary" disabled={busy} onClick={() => onDecide('reject')}>
                  {MESSAGES.reject}
                </Button>
              </>
            )}
            <Button variant="outlined" color="inherit" onClick={() => void download()}>
              {MESSAGES.download}
            </Button>
            <Button variant="outlined" color="inherit" onClick={onClose}>
              {MESSAGES.close}
            </Button>
          </Stack>
        </Toolbar>
      </AppBar>
      <Box sx={{ flexGrow: 1, display: 'flex', bgcolor: 'grey.200' }}>
        {failed && <ErrorPanel message="Das Dokument konnte nicht geladen werden." />}
        {!failed && !url && <LoadingState text={MESSAGES.viewerLoading} />}
        {url && <Box component="iframe" title={document.title} src={`${url}${VIEWER_OPTIONS}`} sx={{ border: 0, width: '100%', flexGrow: 1, minHeight: '80vh' }} />}
      </Box>
    </Dialog>
  );
}
