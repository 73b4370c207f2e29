import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Box from '@mui/material/Box';
import { DOCUMENT_PRIORITIES, DOCUMENT_PRIORITY_LABELS, DOCUMENT_REASON_LABELS, DOCUMENT_REASONS, type DocumentPriority, type DocumentReason } from '@mediport/contracts/documents';
import { DOCUMENT_TEXTS as T } from '../messages';
import { type RequestOptions, supplyDaysError } from '../request-options';

export interface RequestOptionsFieldsProps {
  value: RequestOptions;
  onChange: (value: RequestOptions) => void;
  /** Show a wrong remaining supply (after a send attempt, or once typed). */
  showErrors: boolean;
}

/** Reason ('Anlass'), priority and, for a follow-up prescription, the remaining supply in days. */
export function RequestOptionsFields({ value, onChange, showErrors }: RequestOptionsFieldsProps) {
  const error = supplyDaysError(value.supplyDays);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
      <TextField
        select
        size="small"
        label={T.reason}
        value={value.reason}
        onChange={(e) => onChange({ ...value, reason: e.target.value as DocumentReason })}
        sx={{ flex: { xs: '1 1 100%', sm: '0 1 380px' }, minWidth: 220 }}
      >
        {DOCUMENT_REASONS.map((r) => (
          <MenuItem key={r} value={r}>
            {DOCUMENT_REASON_LABELS[r]}
          </MenuItem>
        ))}
      </TextField>
      <ToggleButtonGroup
        exclusive
        size="small"
        color={value.priority === 'urgent' ? 'error' : 'primary'}
        value={value.priority}
        onChange={(_e, next: DocumentPriority | null) => next && onChange({ ...value, priority: next })}
        aria-label={T.priority}
        sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
      >
        {DOCUMENT_PRIORITIES.map((p) => (
          <ToggleButton key={p} value={p} sx={{ minHeight: 40, px: 2, flex: { xs: 1, sm: 'none' }, textTransform: 'none' }}>
            {DOCUMENT_PRIORITY_LABELS[p]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {value.reason === 'follow-up' && (
        <TextField
          size="small"
          label={T.supplyDays}
          value={value.supplyDays}
          onChange={(e) => onChange({ ...value, supplyDays: e.target.value })}
          error={showErrors && !!error}
          helperText={showErrors && error ? error : T.supplyDaysHint}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
          sx={{ flex: { xs: '1 1 100%', sm: '0 1 220px' } }}
        />
      )}
    </Box>
  );
}
