import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImageDropzone, type ImageChange, type ImageDropzoneProps, type ImageDropzoneTexts } from './image-dropzone';

const TEXTS: ImageDropzoneTexts = {
  label: 'Profilbild',
  drop: 'Bild hierher ziehen und ablegen',
  hint: 'PNG, JPEG, GIF oder WebP, höchstens 2 MB',
  choose: 'Bild auswählen',
  remove: 'Bild löschen',
  input: 'Bild auswählen',
  previewAlt: 'Vorschau',
  none: 'Kein Bild hinterlegt.',
  marked: 'Das Bild wird beim Speichern gelöscht.',
  replaced: 'Neues Bild, wird beim Speichern übernommen.',
  notImage: 'Bitte laden Sie ein Bild hoch.',
  tooLarge: 'Die Datei ist zu groß.',
};

const png = (name = 'bild.png', size = 4) => new File([new Uint8Array(size)], name, { type: 'image/png' });

/** The field with its change held in state, as the screens use it; reports each change. */
function Harness(props: Partial<ImageDropzoneProps> & { seen?: ImageChange[] }) {
  const { seen = [], ...rest } = props;
  const [change, setChange] = useState<ImageChange>({ kind: 'keep' });
  return (
    <ImageDropzone
      texts={TEXTS}
      shape="logo"
      current={null}
      change={change}
      onChange={(next) => {
        seen.push(next);
        setChange(next);
      }}
      {...rest}
    />
  );
}

describe('ImageDropzone', () => {
  it('takes a dropped image and previews it', async () => {
    const seen: ImageChange[] = [];
    render(<Harness seen={seen} />);
    expect(screen.getByText('Kein Bild hinterlegt.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bild löschen' })).toBeDisabled();
    const file = png();
    fireEvent.drop(screen.getByRole('button', { name: 'Bild hierher ziehen und ablegen' }), { dataTransfer: { files: [file] } });
    expect(await screen.findByRole('img', { name: 'Vorschau' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png/));
    expect(screen.getByText('Neues Bild, wird beim Speichern übernommen.')).toBeInTheDocument();
    expect(seen).toEqual([{ kind: 'replace', file }]);
    // Deleting a new file without a stored one just keeps the (absent) image.
    await userEvent.click(screen.getByRole('button', { name: 'Bild löschen' }));
    expect(seen.at(-1)).toEqual({ kind: 'keep' });
  });

  it('takes a chosen file', async () => {
    const seen: ImageChange[] = [];
    render(<Harness seen={seen} />);
    await userEvent.upload(screen.getByLabelText('Bild auswählen', { selector: 'input' }), png('gewaehlt.png'));
    expect(seen[0]).toMatchObject({ kind: 'replace', file: { name: 'gewaehlt.png' } });
  });

  it.each([
    { title: 'another file type', file: new File(['hallo'], 'a.txt', { type: 'text/plain' }), message: 'Bitte laden Sie ein Bild hoch.' },
    { title: 'a file over the limit', file: png('gross.png', 11), message: 'Die Datei ist zu groß.' },
  ])('refuses $title', ({ file, message }) => {
    const seen: ImageChange[] = [];
    render(<Harness seen={seen} maxBytes={10} />);
    fireEvent.drop(screen.getByRole('button', { name: 'Bild hierher ziehen und ablegen' }), { dataTransfer: { files: [file] } });
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(seen).toEqual([]);
  });

  it('marks a stored image for deletion', async () => {
    const seen: ImageChange[] = [];
    render(<Harness seen={seen} current="/api/bild?v=1" />);
    expect(screen.getByRole('img', { name: 'Vorschau' })).toHaveAttribute('src', '/api/bild?v=1');
    await userEvent.click(screen.getByRole('button', { name: 'Bild löschen' }));
    expect(seen).toEqual([{ kind: 'delete' }]);
    expect(screen.getByText('Das Bild wird beim Speichern gelöscht.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Vorschau' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bild löschen' })).toBeDisabled();
  });

  it('shows the round avatar with its fallback letter and a server error', () => {
    render(<Harness shape="avatar" fallback="P" error="Das Bild konnte nicht gespeichert werden." />);
    expect(screen.getByText('P')).toBeInTheDocument();
    expect(screen.getByText('PNG, JPEG, GIF oder WebP, höchstens 2 MB')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Das Bild konnte nicht gespeichert werden.');
  });
});
