import { useEffect, useRef, useState, type DragEvent } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** What happens to the stored image on save. */
export type ImageChange = { kind: 'keep' } | { kind: 'delete' } | { kind: 'replace'; file: File };

/** The image types the server accepts for logos and avatars. */
export const IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
/** The upload limit of logos and avatars (2 MB). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** The German texts of one image field; each screen keeps its own wording. */
export interface ImageDropzoneTexts {
  /** Heading above the field. */
  label: string;
  /** Text of the drop zone, also its accessible name. */
  drop: string;
  /** Small print under the drop text (types, size). */
  hint?: string;
  choose: string;
  remove: string;
  /** Accessible name of the hidden file input. */
  input: string;
  /** Alt text of the preview image. */
  previewAlt: string;
  /** Shown in a box preview while there is no image. */
  none?: string;
  /** Shown when the stored image will be deleted on save. */
  marked: string;
  /** Shown when a new file will be uploaded on save. */
  replaced?: string;
  notImage: string;
  tooLarge: string;
}

export interface ImageDropzoneProps {
  texts: ImageDropzoneTexts;
  /** Whether an image is stored (its API URL), or null. */
  current: string | null;
  /** The URL to show for the stored image, when it differs from `current` (e.g. an authorised object URL). */
  currentSrc?: string | null;
  change: ImageChange;
  onChange: (change: ImageChange) => void;
  /** `avatar`: round with a fallback letter; `logo`: a box that keeps the aspect ratio. */
  shape: 'avatar' | 'logo';
  /** Letter(s) shown in the round preview while there is no image. */
  fallback?: string;
  accept?: readonly string[];
  maxBytes?: number;
  /** A server refusal to show under the field. */
  error?: string;
  testId?: string;
  inputTestId?: string;
}

/**
 * Image upload by drag and drop or file choice, with delete; the change is applied on save.
 * Files of another type or over `maxBytes` are refused before upload (the server checks again).
 */
export function ImageDropzone({
  texts,
  current,
  currentSrc = current,
  change,
  onChange,
  shape,
  fallback,
  accept = IMAGE_TYPES,
  maxBytes = MAX_IMAGE_BYTES,
  error,
  testId,
  inputTestId,
}: ImageDropzoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (change.kind !== 'replace') {
      setPreview(null);
      return undefined;
    }
    // A data URL (not an object URL) needs no cleanup and works in every environment, jsdom included.
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(change.file);
    return () => reader.abort();
  }, [change]);

  const take = (file: File | undefined) => {
    if (!file) return;
    const refusal = !accept.includes(file.type) ? texts.notImage : file.size > maxBytes ? texts.tooLarge : null;
    setProblem(refusal);
    if (!refusal) onChange({ kind: 'replace', file });
  };
  const choose = () => input.current?.click();
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    take(e.dataTransfer.files?.[0]);
  };

  const shown = change.kind === 'delete' ? null : (preview ?? currentSrc);
  const hasImage = change.kind === 'replace' || (change.kind === 'keep' && !!current);
  const message = problem ?? error;
  const status = change.kind === 'delete' ? texts.marked : change.kind === 'replace' ? texts.replaced : undefined;

  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle2" gutterBottom>
        {texts.label}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        data-testid={testId}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        sx={{ alignItems: { sm: 'center' } }}
      >
        {shape === 'avatar' ? (
          <Avatar src={shown ?? undefined} alt={texts.previewAlt} sx={{ width: 96, height: 96, fontSize: 36 }}>
            {fallback}
          </Avatar>
        ) : (
          <Box sx={{ width: 160, height: 90, flexShrink: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.50', borderRadius: 1 }}>
            {shown ? (
              <Box component="img" src={shown} alt={texts.previewAlt} sx={{ maxWidth: 150, maxHeight: 80 }} />
            ) : (
              <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center', px: 1 }}>
                {texts.none}
              </Typography>
            )}
          </Box>
        )}
        <Box
          role="button"
          tabIndex={0}
          aria-label={texts.drop}
          onClick={choose}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              choose();
            }
          }}
          sx={{
            flexGrow: 1,
            border: '2px dashed',
            borderColor: message ? 'error.main' : over ? 'primary.main' : 'divider',
            bgcolor: over ? 'action.hover' : 'transparent',
            borderRadius: 1,
            p: 2,
            textAlign: 'center',
            cursor: 'pointer',
          }}
        >
          <Typography color="textSecondary">{texts.drop}</Typography>
          {texts.hint && (
            <Typography variant="caption" color="textSecondary">
              {texts.hint}
            </Typography>
          )}
        </Box>
        <Stack spacing={1}>
          <Button variant="outlined" onClick={choose}>
            {texts.choose}
          </Button>
          <Button color="secondary" variant="outlined" disabled={!hasImage} onClick={() => onChange(current ? { kind: 'delete' } : { kind: 'keep' })}>
            {texts.remove}
          </Button>
        </Stack>
      </Stack>
      <input
        ref={input}
        type="file"
        accept={accept.join(',')}
        hidden
        aria-label={texts.input}
        data-testid={inputTestId}
        onChange={(e) => {
          take(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {message ? (
        <FormHelperText error role="alert">
          {message}
        </FormHelperText>
      ) : (
        status && (
          <Typography color="textSecondary" variant="body2" sx={{ mt: 1 }}>
            {status}
          </Typography>
        )
      )}
    </Box>
  );
}
