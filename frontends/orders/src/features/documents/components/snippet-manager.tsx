import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Snippet } from '@mediport/contracts';
import { CancelIcon, ConfirmDialog, EditIcon } from '@mediport/ui';
import { useSaveSnippets } from '../api/documents-api';
import { DOCUMENT_TEXTS as T } from '../messages';

export interface SnippetManagerProps {
  open: boolean;
  onClose: () => void;
  snippets: Snippet[];
  /** The card's current subject and text, to save as a snippet. */
  current: { subject: string; content: string };
}

/** The user's snippets: save the card's subject and text under a name, rename, delete. Each change saves the whole list. */
export function SnippetManager({ open, onClose, snippets, current }: SnippetManagerProps) {
  const fullScreen = useMediaQuery('(max-width: 600px)');
  const save = useSaveSnippets();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState('');
  const [renaming, setRenaming] = useState<{ from: string; to: string; error: string } | null>(null);
  const [removing, setRemoving] = useState('');

  const trimmed = name.trim();
  const overwrites = snippets.some((s) => s.name === trimmed);

  const saveAs = () => {
    if (!trimmed) return setNameError(T.nameRequired);
    const entry: Snippet = { name: trimmed, subject: current.subject, content: current.content };
    const next = overwrites ? snippets.map((s) => (s.name === trimmed ? entry : s)) : [...snippets, entry];
    save.mutate(next, { onSuccess: () => setName('') });
  };
  const rename = () => {
    if (!renaming) return;
    const to = renaming.to.trim();
    if (!to) return setRenaming({ ...renaming, error: T.nameRequired });
    if (to !== renaming.from && snippets.some((s) => s.name === to)) return setRenaming({ ...renaming, error: T.nameTaken });
    save.mutate(
      snippets.map((s) => (s.name === renaming.from ? { ...s, name: to } : s)),
      { onSuccess: () => setRenaming(null) },
    );
  };
  const remove = () => {
    const target = removing;
    setRemoving('');
    save.mutate(snippets.filter((s) => s.name !== target));
  };

  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="snippet-manager-title">
      <DialogTitle id="snippet-manager-title">{T.snippetsTitle}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            saveAs();
          }}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', pt: 1 }}
        >
          <TextField
            size="small"
            label={T.saveAsSnippet}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setNameError('');
            }}
            error={!!nameError}
            helperText={nameError || (overwrites ? T.overwrites : ' ')}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            sx={{ flex: '1 1 240px' }}
          />
          <Button type="submit" variant="contained" disabled={save.isPending} sx={{ minHeight: 40 }}>
            {T.save}
          </Button>
        </Box>
        {snippets.length === 0 ? (
          <Typography color="textSecondary" sx={{ mt: 2 }}>
            {T.noSnippets}
          </Typography>
        ) : (
          <List aria-label={T.snippetsTitle}>
            {snippets.map((s) =>
              renaming?.from === s.name ? (
                <ListItem key={s.name} disableGutters sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
                  <TextField
                    size="small"
                    autoFocus
                    label={T.newName(s.name)}
                    value={renaming.to}
                    onChange={(e) => setRenaming({ ...renaming, to: e.target.value, error: '' })}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        rename();
                      }
                    }}
                    error={!!renaming.error}
                    helperText={renaming.error || ' '}
                    slotProps={{ htmlInput: { maxLength: 200 } }}
                    sx={{ flex: '1 1 200px' }}
                  />
                  <Button onClick={rename} disabled={save.isPending} sx={{ minHeight: 40 }}>
                    {T.apply}
                  </Button>
                  <Tooltip title={T.cancel}>
                    <IconButton aria-label={T.cancel} onClick={() => setRenaming(null)} sx={{ width: 40, height: 40 }}>
                      <CancelIcon />
                    </IconButton>
                  </Tooltip>
                </ListItem>
              ) : (
                <ListItem
                  key={s.name}
                  disableGutters
                  divider
                  secondaryAction={
                    <Box sx={{ display: 'flex', gap: 0.5 }}>
                      <Tooltip title={T.rename(s.name)}>
                        <IconButton aria-label={T.rename(s.name)} onClick={() => setRenaming({ from: s.name, to: s.name, error: '' })} sx={{ width: 44, height: 44 }}>
                          <EditIcon />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={T.remove(s.name)}>
                        <IconButton aria-label={T.remove(s.name)} onClick={() => setRemoving(s.name)} disabled={save.isPending} sx={{ width: 44, height: 44 }}>
                          <CancelIcon />
                        </IconButton>
                      </Tooltip>
                    </Box>
                  }
                  sx={{ pr: 12 }}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ overflowWrap: 'anywhere' }}>{s.name}</Typography>
                    <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
                      {s.subject}
                    </Typography>
                  </Box>
                </ListItem>
              ),
            )}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.close}</Button>
      </DialogActions>
      <ConfirmDialog destructive open={open && removing !== ''} title={T.removeTitle} confirmLabel={T.removeConfirm} onConfirm={remove} onCancel={() => setRemoving('')}>
        {T.removeQuestion(removing)}
      </ConfirmDialog>
    </Dialog>
  );
}
