import type { ImageDropzoneTexts } from '@mediport/ui';

/** Texts of the logo field on the settings page. */
export const LOGO_TEXT: ImageDropzoneTexts = {
  label: 'Logo',
  drop: 'Logo hierher ziehen oder',
  choose: 'Datei auswählen',
  remove: 'Logo löschen',
  input: 'Logo',
  previewAlt: 'Logo',
  none: 'Kein Logo hinterlegt.',
  marked: 'Das Logo wird beim Speichern gelöscht.',
  notImage: 'Bitte laden Sie ein Bild (PNG, JPEG, GIF oder WebP) hoch.',
  tooLarge: 'Die Datei ist zu groß.',
};
