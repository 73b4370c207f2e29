import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { TABLE_DEFAULTS, UI_MESSAGES } from '@mediport/ui';

/** One choice of an OptionSelect: the value sent to the API and the German label shown. */
export interface SelectOption {
  value: string;
  label: string;
}

/** Texts of the autocomplete's buttons (MUI's defaults are English). */
export const OPTION_SELECT_TEXTS = { open: 'Öffnen', close: 'Schließen', clear: 'Leeren' } as const;

// A select shows at most 100 matching options.
const filterOptions = createFilterOptions<SelectOption>({ limit: TABLE_DEFAULTS.selectOptions, stringify: (o) => o.label });

export interface OptionSelectProps {
  label: string;
  options: SelectOption[];
  /** The chosen value, '' for none. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  id?: string;
  error?: boolean;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  /** Filter bars: small and without the form's margin. */
  dense?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * A record picker (care home, practice …) to type in: at most 100 matching options, '' when
 * cleared. Records with the same name stay apart by their value.
 */
export function OptionSelect({ label, options, value, onChange, onBlur, id, error, helperText, required, disabled, dense, sx }: OptionSelectProps) {
  const selected = options.find((o) => o.value === value) ?? null;
  return (
    <Autocomplete
      id={id}
      options={options}
      value={selected}
      onChange={(_e, option) => onChange(option?.value ?? '')}
      onBlur={onBlur}
      filterOptions={filterOptions}
      getOptionLabel={(o) => o.label}
      getOptionKey={(o) => o.value}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      disabled={disabled}
      size={dense ? 'small' : undefined}
      fullWidth={!dense}
      sx={sx}
      openText={OPTION_SELECT_TEXTS.open}
      closeText={OPTION_SELECT_TEXTS.close}
      clearText={OPTION_SELECT_TEXTS.clear}
      noOptionsText={UI_MESSAGES.noSearchResults}
      renderInput={(params) => (
        // Always as wide as the picker: a dense one's width comes from `sx` (a filter bar's flex
        // basis), and without fullWidth the field kept the input's own width (about 90 px).
        <TextField {...params} fullWidth label={label} required={required} error={error} helperText={helperText} margin={dense ? 'none' : 'normal'} />
      )}
    />
  );
}
