import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Avatar, Box, Button, Stack, Typography } from '@mui/material';
import { MESSAGES } from '../../messages';
import { useAuthedObjectUrl } from '@mediport/api-client';
import type { AvatarChange } from './api';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;

/** The client-side check of an avatar file (the server sniffs the content again). */
export function avatarFileError(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return MESSAGES.avatarType;
  if (file.size > MAX_AVATAR_BYTES) return MESSAGES.avatarTooLarge;
  return null;
}

export interface AvatarFieldProps {
  /** The stored avatar's URL (API), or null. */
  current: string | null;
  change: AvatarChange;
  onChange: (change: AvatarChange) => void;
  name: string;
}

/** Avatar by drag and drop or file button, with delete (applied on save). */
export function AvatarField({ current, change, onChange, name }: AvatarFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const stored = useAuthedObjectUrl(current);

  useEffect(() => {
    if (change.kind !== 'replace') {
      setPreview(null);
      return undefined;
    }
    const url = URL.createObjectURL(change.file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [change]);

  function take(file: File | undefined) {
    if (!file) return;
    const problem = avatarFileError(file);
    setError(problem);
    if (!problem) onChange({ kind: 'replace', file });
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setOver(false);
    take(e.dataTransfer.files[0]);
  }

  const shown = change.kind === 'delete' ? null : (preview ?? stored);
  const hasImage = change.kind === 'replace' || (change.kind === 'keep' && !!current);

  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle2" gutterBottom>
        {MESSAGES.avatar}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Avatar src={shown ?? undefined} alt={MESSAGES.avatarAlt(name)} sx={{ width: 96, height: 96, fontSize: 36 }}>
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Box
          role="button"
          tabIndex={0}
          aria-label={MESSAGES.avatarDrop}
          data-testid="avatar-dropzone"
          onClick={() => input.current?.click()}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') input.current?.click();
          }}
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
          sx={{
            flexGrow: 1,
            border: '2px dashed',
            borderColor: over ? 'primary.main' : 'divider',
            bgcolor: over ? 'action.hover' : 'transparent',
            borderRadius: 1,
            p: 2,
            textAlign: 'center',
            cursor: 'pointer',
          }}
        >
          <Typography color="text.secondary">{MESSAGES.avatarDrop}</Typography>
          <Typography variant="caption" color="text.secondary">
            PNG, JPEG, GIF oder WebP, höchstens 2 MB
          </Typography>
        </Box>
        <Stack spacing={1}>
          <Button variant="outlined" onClick={() => input.current?.click()}>
            {MESSAGES.avatarChoose}
          </Button>
          <Button color="secondary" variant="outlined" disabled={!hasImage} onClick={() => onChange(current ? { kind: 'delete' } : { kind: 'keep' })}>
            {MESSAGES.avatarDelete}
          </Button>
        </Stack>
      </Stack>
      <input
        ref={input}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        hidden
        aria-label={MESSAGES.avatarChoose}
        data-testid="avatar-input"
        onChange={(e) => {
          take(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {error && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {error}
        </Typography>
      )}
      {!error && change.kind === 'delete' && (
        <Typography color="text.secondary" variant="body2" sx={{ mt: 1 }}>
          {MESSAGES.avatarMarkedForDelete}
        </Typography>
      )}
      {!error && change.kind === 'replace' && (
        <Typography color="text.secondary" variant="body2" sx={{ mt: 1 }}>
          {MESSAGES.avatarNew}
        </Typography>
      )}
    </Box>
  );
}
