import { useRef } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';
import TextField from '@mui/material/TextField';
import { formatGermanDate, normalizeMeetingDate, normalizeMeetingTime, parseGermanDate } from '@mediport/validation';
import { MEETING_TEXT } from '../../../messages';

// Material icon paths (Apache 2.0), inlined like libs/ui's icons.
const CalendarIcon = (props: SvgIconProps) => (
  <SvgIcon {...props}>
    <path d="M19 4h-1V2h-2v2H8V2H6v2H5c-1.11 0-1.99.9-1.99 2L3 20c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2m0 16H5V10h14zM9 14H7v-2h2zm4 0h-2v-2h2zm4 0h-2v-2h2zm-8 4H7v-2h2zm4 0h-2v-2h2zm4 0h-2v-2h2z" />
  </SvgIcon>
);
const ClockIcon = (props: SvgIconProps) => (
  <SvgIcon {...props}>
    <path d="M11.99 2C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8m.5-13H11v6l5.25 3.15.75-1.23-4.5-2.67z" />
  </SvgIcon>
);

/** "24.12.2030" ↔ "2030-12-24" (the value of a native date input). */
const toIsoDate = (value: string) => parseGermanDate(normalizeMeetingDate(value) ?? '') ?? '';

export interface PickerFieldProps {
  kind: 'date' | 'time';
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
}

/**
 * A German date (TT.MM.JJJJ) or time (HH:MM) field: typed, or chosen in the browser's own
 * calendar or clock (shown in German for a German browser), opened by the button beside it.
 */
export function PickerField({ kind, label, value, onChange, error }: PickerFieldProps) {
  const picker = useRef<HTMLInputElement>(null);
  const date = kind === 'date';
  const open = () => {
    const input = picker.current;
    if (!input) return;
    input.value = date ? toIsoDate(value) : (normalizeMeetingTime(value) ?? '');
    try {
      input.showPicker();
    } catch {
      // Browsers without showPicker: the typed field stays the way in.
    }
  };
  return (
    <Box sx={{ position: 'relative' }}>
      <TextField
        label={label}
        required
        fullWidth
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={date ? MEETING_TEXT.datePlaceholder : MEETING_TEXT.timePlaceholder}
        error={!!error}
        helperText={error || (date ? MEETING_TEXT.dateHelp : MEETING_TEXT.timeHelp)}
        slotProps={{
          htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: date ? 10 : 5 },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton edge="end" aria-label={date ? MEETING_TEXT.openCalendar : MEETING_TEXT.openClock} onClick={open}>
                  {date ? <CalendarIcon /> : <ClockIcon />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {/* The browser's picker; invisible, it only anchors the popup and hands back the choice. */}
      <input
        ref={picker}
        type={kind}
        tabIndex={-1}
        aria-hidden="true"
        aria-label={label}
        onChange={(e) => {
          if (e.target.value) onChange(date ? formatGermanDate(e.target.value) : e.target.value);
        }}
        style={{ position: 'absolute', right: 8, top: 40, width: 1, height: 1, opacity: 0, border: 0, padding: 0, pointerEvents: 'none' }}
      />
    </Box>
  );
}
