import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@mediport/contracts';
import { IMPORT_ACCEPT, type ImportCounts, type ImportProgress, importSuccessText } from '@mediport/contracts/import';
import { ApiError } from '@mediport/api-client';
import { PageHeader } from '@mediport/ui';
import { type ImportInput, useDownloadTemplate, useImportPreview, useRunImport } from '../features/import/api/import-api';
import { DownloadIcon, UploadFileIcon } from '../features/import/components/icons';
import { ImportFormatHelp } from '../features/import/components/import-format-help';
import { ImportPreviewPanel } from '../features/import/components/import-preview';
import { ImportProgressBar } from '../features/import/components/import-progress-bar';
import { IMPORT_TEXTS as T } from '../features/import/messages';

const LIST_PATH = '/anforderungen';

type Options = Omit<ImportInput, 'file'>;

/** The messages of a refused upload (the server's German texts, each with row and column). */
function messagesOf(error: unknown): string[] {
  if (error instanceof ApiError) return error.errors.length ? error.errors.map((e) => e.message) : [error.message];
  return [];
}

/**
 * /anforderungen/import: a spreadsheet of orders is uploaded, checked in a dry run (the preview
 * with every problem by row and column), and imported with "Importieren" — all rows or none. The
 * insert options and the pharmacy filter re-run the dry run; a bar shows the upload and how many
 * rows the server has read, checked and written. Below, the file's format and the template.
 */
export function TaskImportPage() {
  const [file, setFile] = useState<File | null>(null);
  const [options, setOptions] = useState<Options>({ filterPharma: '', insertHomes: false, insertHomeGroups: false });
  const [pharmacies, setPharmacies] = useState<string[]>([]);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [imported, setImported] = useState<ImportCounts | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const preview = useImportPreview(setProgress);
  const run = useRunImport(setProgress, (counts) => {
    setImported(counts);
    setFile(null);
    preview.reset();
    if (input.current) input.current.value = '';
  });
  const template = useDownloadTemplate();
  const busy = preview.isPending || run.isPending;

  const check = (next: File, nextOptions: Options) => {
    setImported(null);
    run.reset();
    preview.mutate({ file: next, ...nextOptions }, { onSuccess: (answer) => setPharmacies(answer.pharmacies) });
  };
  const choose = (next: File | null) => {
    if (!next) return;
    const fresh = { ...options, filterPharma: '' };
    setFile(next);
    setOptions(fresh);
    setPharmacies([]);
    check(next, fresh);
  };
  const change = (patch: Partial<Options>) => {
    const next = { ...options, ...patch };
    setOptions(next);
    if (file) check(file, next);
  };

  const data = preview.data;
  const writes = data ? data.counts.homes.nInserted + data.counts.homeGroups.nInserted + data.counts.patients.nUpserted + data.counts.doctors.nUpserted + data.counts.tasks.nUpserted : 0;
  const canImport = !!file && !!data && data.problemCount === 0 && writes > 0 && !busy;
  const failure = messagesOf(run.error ?? preview.error);

  return (
    <Box sx={{ minWidth: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <PageHeader
        title={T.title}
        breadcrumbs={[{ label: PRODUCT_NAME, to: '/' }, { label: T.section }, { label: T.list, to: LIST_PATH }, { label: T.title }]}
        actions={
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => template.mutate()} disabled={template.isPending} sx={{ minHeight: 44 }}>
            {T.template}
          </Button>
        }
      />

      <Paper variant="outlined" component="section" aria-label={T.uploadSection} sx={{ p: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}>
        <Typography variant="body2">{T.intro}</Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Button variant="contained" component="label" startIcon={<UploadFileIcon />} disabled={busy} sx={{ minHeight: 44 }}>
            {T.chooseFile}
            <input ref={input} hidden type="file" accept={IMPORT_ACCEPT} aria-label={T.fileLabel} onChange={(e) => choose(e.target.files?.[0] ?? null)} />
          </Button>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} color={file ? 'textPrimary' : 'textSecondary'}>
            {file?.name ?? T.noFile}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 0, sm: 3 }, alignItems: 'center' }}>
          <FormControlLabel
            control={<Checkbox checked={options.insertHomes} onChange={(e) => change({ insertHomes: e.target.checked })} disabled={busy} />}
            label={T.insertHomes}
          />
          <FormControlLabel
            control={<Checkbox checked={options.insertHomeGroups} onChange={(e) => change({ insertHomeGroups: e.target.checked })} disabled={busy} />}
            label={T.insertHomeGroups}
          />
          <TextField
            select
            size="small"
            label={T.pharmacy}
            value={options.filterPharma}
            onChange={(e) => change({ filterPharma: e.target.value })}
            disabled={busy || pharmacies.length === 0}
            sx={{ width: { xs: '100%', sm: 320 } }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{T.allPharmacies}</MenuItem>
            {pharmacies.map((p) => (
              <MenuItem key={p} value={p}>
                {p}
              </MenuItem>
            ))}
          </TextField>
          {data && pharmacies.length === 0 && (
            <Typography variant="body2" color="textSecondary">
              {T.noPharmacies}
            </Typography>
          )}
        </Box>
        {busy && progress && <ImportProgressBar progress={progress} />}
        {failure.length > 0 && (
          <Alert severity="error">
            <AlertTitle>{T.failed}</AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {failure.map((m, i) => (
                <li key={i}>{m}</li>
              ))}
            </Box>
          </Alert>
        )}
        {imported && (
          <Alert
            severity="success"
            action={
              <Button component={RouterLink} to={LIST_PATH} color="inherit" size="small">
                {T.toList}
              </Button>
            }
          >
            {importSuccessText(imported)}
          </Alert>
        )}
      </Paper>

      {data && !preview.isPending && (
        <Paper variant="outlined" component="section" aria-labelledby="import-preview-title" sx={{ p: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}>
          <Typography id="import-preview-title" variant="h6" component="h2">
            {T.previewTitle}
          </Typography>
          <ImportPreviewPanel preview={data} />
          {data.problemCount === 0 && writes === 0 && <Alert severity="info">{T.nothingToWrite}</Alert>}
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <Button onClick={() => file && check(file, options)} disabled={!file || busy} sx={{ minHeight: 44 }}>
              {T.preview}
            </Button>
            <Button variant="contained" onClick={() => file && run.mutate({ file, ...options })} disabled={!canImport} sx={{ minHeight: 44 }}>
              {T.run}
            </Button>
          </Box>
        </Paper>
      )}

      <ImportFormatHelp />
    </Box>
  );
}
