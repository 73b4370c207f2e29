import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Snippet } from '@mediport/contracts';
import { DOCUMENT_TEXTS as T } from '../messages';

export interface SnippetPickerProps {
  snippets: Snippet[];
  /** The name of the snippet last applied to this card ('' for none). */
  value: string;
  onPick: (snippet: Snippet) => void;
}

/** Chooses a saved snippet; choosing one fills the card's subject and text. */
export function SnippetPicker({ snippets, value, onPick }: SnippetPickerProps) {
  const current = snippets.some((s) => s.name === value) ? value : '';
  return (
    <TextField
      select
      size="small"
      label={T.snippet}
      value={current}
      disabled={snippets.length === 0}
      helperText={snippets.length === 0 ? T.noSnippets : undefined}
      onChange={(e) => {
        const chosen = snippets.find((s) => s.name === e.target.value);
        if (chosen) onPick(chosen);
      }}
      // The hint says why the field is off: it stays readable (not the pale text of a disabled field).
      sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 1 280px' }, '& .MuiFormHelperText-root.Mui-disabled': { color: 'text.secondary' } }}
    >
      <MenuItem value="" disabled>
        {T.noSnippet}
      </MenuItem>
      {snippets.map((s) => (
        <MenuItem key={s.name} value={s.name}>
          {s.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
