import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Box, Button, FormHelperText, Stack, Typography } from '@mui/material';

export const LOGO_TEXT = {
  label: 'Logo',
  drop: 'Logo hierher ziehen oder',
  choose: 'Datei auswählen',
  remove: 'Logo löschen',
  none: 'Kein Logo hinterlegt.',
  marked: 'Das Logo wird beim Speichern gelöscht.',
  preview: 'Logo',
  notImage: 'Bitte laden Sie ein Bild (PNG, JPEG, GIF oder WebP) hoch.',
  tooLarge: 'Die Datei ist zu groß.',
} as const;

const MAX_BYTES = 2 * 1024 * 1024;
const TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

export interface LogoDropzoneProps {
  /** URL of the stored logo, if any. */
  current: string | null;
  /** undefined = keep, File = replace, 'delete' = remove on save. */
  value: File | 'delete' | undefined;
  onChange: (value: File | 'delete' | undefined) => void;
  error?: string;
}

/** Logo upload by drag and drop or file choice, with delete (applied on save). */
export function LogoDropzone({ current, value, onChange, error }: LogoDropzoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!(value instanceof File)) return setPreview(null);
    // A data URL (not an object URL) keeps the preview free of cleanup and works everywhere.
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(value);
    return () => reader.abort();
  }, [value]);

  const take = (file: File | undefined) => {
    if (!file) return;
    if (!TYPES.includes(file.type)) return setProblem(LOGO_TEXT.notImage);
    if (file.size > MAX_BYTES) return setProblem(LOGO_TEXT.tooLarge);
    setProblem(null);
    onChange(file);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    take(e.dataTransfer.files?.[0]);
  };
  const shown = value === 'delete' ? null : (preview ?? current);
  const message = problem ?? error;
  return (
    <Box>
      <Typography component="label" htmlFor={id} variant="subtitle2" sx={{ display: 'block', mb: 1 }}>
        {LOGO_TEXT.label}
      </Typography>
      <Box
        data-testid="logo-dropzone"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: message ? 'error.main' : over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'transparent',
          borderRadius: 2,
          p: 2,
          display: 'flex',
          alignItems: 'center',
          gap: 3,
          flexWrap: 'wrap',
        }}
      >
        <Box sx={{ width: 160, height: 90, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.50', borderRadius: 1 }}>
          {shown ? (
            <Box component="img" src={shown} alt={LOGO_TEXT.preview} sx={{ maxWidth: 150, maxHeight: 80 }} />
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', px: 1 }}>
              {value === 'delete' ? LOGO_TEXT.marked : LOGO_TEXT.none}
            </Typography>
          )}
        </Box>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography color="text.secondary">{LOGO_TEXT.drop}</Typography>
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" size="small" onClick={() => input.current?.click()}>
              {LOGO_TEXT.choose}
            </Button>
            <Button color="secondary" size="small" disabled={!shown} onClick={() => onChange(current ? 'delete' : undefined)}>
              {LOGO_TEXT.remove}
            </Button>
          </Stack>
        </Stack>
        <input
          id={id}
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          hidden
          aria-label={LOGO_TEXT.label}
          onChange={(e) => {
            take(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </Box>
      {message && <FormHelperText error>{message}</FormHelperText>}
    </Box>
  );
}
