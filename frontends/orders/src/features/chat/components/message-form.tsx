import { useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import {
  EVENT_ATTACHMENT_MAX_BYTES,
  EVENT_ATTACHMENT_MAX_FILES,
  EVENT_ATTACHMENT_TYPES,
  EVENT_MESSAGE_MAX,
  EVENT_MESSAGES,
} from '@mediport/contracts';
import { AttachFileIcon, CloseIcon, SendIcon } from '@mediport/ui';
import { useSendMessage } from '../api/events-api';
import { CHAT_TEXTS } from '../messages';

const ACCEPT = [...EVENT_ATTACHMENT_TYPES, '.pdf', '.png', '.jpg', '.jpeg'].join(',');
const EXTENSIONS = /\.(pdf|png|jpe?g)$/i;

/** The server's attachment limits (task-events.ts), checked before sending: the first problem, or null. */
function attachmentProblem(files: File[]): string | null {
  if (files.length > EVENT_ATTACHMENT_MAX_FILES) return EVENT_MESSAGES.tooManyFiles;
  for (const file of files) {
    const typeOk = (EVENT_ATTACHMENT_TYPES as readonly string[]).includes(file.type) || (!file.type && EXTENSIONS.test(file.name));
    if (!typeOk) return EVENT_MESSAGES.fileType;
    if (file.size > EVENT_ATTACHMENT_MAX_BYTES) return CHAT_TEXTS.fileTooLarge(file.name);
  }
  return null;
}

/** The new-message form: multiline text and attachments; "Senden" stays disabled while there is nothing to send. */
export function MessageForm({ taskId }: { taskId: string }) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // What the pending send carries: only that leaves the box when it went; text typed and files
  // added meanwhile stay for the next message.
  const sending = useRef<{ text: string; files: File[] }>({ text: '', files: [] });
  const send = useSendMessage(taskId, () => {
    const sent = sending.current;
    setText((current) => (current.startsWith(sent.text) ? current.slice(sent.text.length).trimStart() : current));
    setFiles((current) => current.filter((file) => !sent.files.includes(file)));
  });

  const tooLong = text.length > EVENT_MESSAGE_MAX;
  const empty = text.trim() === '' && files.length === 0;

  const addFiles = (chosen: FileList | null) => {
    const next = [...files, ...Array.from(chosen ?? [])];
    const found = attachmentProblem(next);
    setProblem(found);
    if (!found) setFiles(next);
    if (input.current) input.current.value = '';
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (empty || tooLong || send.isPending) return;
    sending.current = { text, files };
    send.mutate({ text: text.trim(), files });
  };

  return (
    <Box component="form" onSubmit={submit} aria-label={CHAT_TEXTS.title} sx={{ display: 'grid', gap: 1, py: 1 }}>
      <TextField
        label={CHAT_TEXTS.message}
        multiline
        minRows={2}
        maxRows={8}
        size="small"
        margin="none"
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={tooLong}
        helperText={tooLong ? EVENT_MESSAGES.messageTooLong : undefined}
      />
      {problem && (
        <Alert severity="error" onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      {files.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {files.map((file, i) => (
            <Chip
              key={`${file.name}-${i}`}
              size="small"
              label={file.name}
              onDelete={() => setFiles(files.filter((_f, j) => j !== i))}
              deleteIcon={<CloseIcon role="button" aria-label={CHAT_TEXTS.removeFile(file.name)} />}
            />
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button component="label" variant="outlined" size="small" startIcon={<AttachFileIcon />}>
          {CHAT_TEXTS.attach}
          <input ref={input} type="file" hidden multiple accept={ACCEPT} onChange={(e) => addFiles(e.target.files)} />
        </Button>
        <Button type="submit" variant="contained" size="small" endIcon={<SendIcon />} disabled={empty || tooLong || send.isPending}>
          {CHAT_TEXTS.send}
        </Button>
      </Box>
    </Box>
  );
}
