import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { UI_MESSAGES } from '../messages.js';
import { VisibilityIcon, VisibilityOffIcon } from '../icons.js';

export type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/** Text field for passwords with a show/hide toggle ("Passwort anzeigen" / "Passwort verbergen"). */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const { slotProps, ...rest } = props;
  return (
    <TextField
      {...rest}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={visible ? UI_MESSAGES.hidePassword : UI_MESSAGES.showPassword}
                onClick={() => setVisible((v) => !v)}
                onMouseDown={(e) => e.preventDefault()}
                edge="end"
              >
                {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
