import { IMAGE_TYPES, ImageDropzone, MAX_IMAGE_BYTES, type ImageDropzoneTexts } from '@mediport/ui';
import { useAuthedObjectUrl } from '@mediport/api-client';
import { MESSAGES } from '../../../messages';
import type { AvatarChange } from '../api/stammdaten-api';

function avatarTexts(name: string): ImageDropzoneTexts {
  return {
    label: MESSAGES.avatar,
    drop: MESSAGES.avatarDrop,
    hint: 'PNG, JPEG, GIF oder WebP, höchstens 2 MB',
    choose: MESSAGES.avatarChoose,
    remove: MESSAGES.avatarDelete,
    input: MESSAGES.avatarChoose,
    previewAlt: MESSAGES.avatarAlt(name),
    marked: MESSAGES.avatarMarkedForDelete,
    replaced: MESSAGES.avatarNew,
    notImage: MESSAGES.avatarType,
    tooLarge: MESSAGES.avatarTooLarge,
  };
}

export interface AvatarFieldProps {
  /** The stored avatar's URL (API), or null. */
  current: string | null;
  change: AvatarChange;
  onChange: (change: AvatarChange) => void;
  name: string;
}

/** The profile picture field; the stored image is fetched with the session token. */
export function AvatarField({ current, change, onChange, name }: AvatarFieldProps) {
  const stored = useAuthedObjectUrl(current);
  return (
    <ImageDropzone
      texts={avatarTexts(name)}
      shape="avatar"
      fallback={name.slice(0, 1).toUpperCase()}
      accept={IMAGE_TYPES}
      maxBytes={MAX_IMAGE_BYTES}
      testId="avatar-dropzone"
      inputTestId="avatar-input"
      current={current}
      currentSrc={stored}
      change={change}
      onChange={onChange}
    />
  );
}
