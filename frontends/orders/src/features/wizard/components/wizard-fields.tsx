import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldValues, type FormState, type Path } from 'react-hook-form';
import type { FieldError } from '@mediport/validation';

/** Two columns from 600 px, stacked on phones (the wizard must work at 390 px). */
export function FieldColumns({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2 }}>{children}</Box>;
}

/**
 * Which message a field shows: the server's for that field, else the rule's once the field was
 * changed or left, or a save was tried (saving is blocked while a rule fails). The rules
 * come from libs/validation, as on the server.
 */
export function useShownErrors<V extends FieldValues>(rules: FieldError[], formState: FormState<V>, follows: Record<string, string> = {}) {
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const ruleOf = (path: string) => rules.find((e) => e.path === path)?.message;
  // `follows`: a rule about another path (the patient's living area) shows once the field it depends on (the type) was set.
  const touched = (path: string): boolean =>
    !!(formState.touchedFields as Record<string, unknown>)[path] || !!(formState.dirtyFields as Record<string, unknown>)[path] || (!!follows[path] && touched(follows[path]));
  const shown = (path: string): string | undefined => serverErrors[path] ?? (submitted || touched(path) ? ruleOf(path) : undefined);
  const clearServerError = (path: string) =>
    setServerErrors((e) => {
      if (!(path in e)) return e;
      const { [path]: _gone, ...rest } = e;
      return rest;
    });
  return { shown, submitted, setSubmitted, serverErrors, setServerErrors, clearServerError };
}

export interface BoundTextFieldProps<V extends FieldValues> extends Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error' | 'helperText'> {
  control: Control<V>;
  name: Path<V>;
  /** The message shown at the field (see useShownErrors). */
  message: string | undefined;
  /** After a change by the user (clears the field's server message, resets dependent fields). */
  onEdited: (name: Path<V>) => void;
  /** The stored value of what was typed or chosen (default: the text). */
  parse?: (text: string) => unknown;
}

/** A MUI text field (or select, with MenuItem children) bound to a react-hook-form field, with its message. */
export function BoundTextField<V extends FieldValues>({ control, name, message, onEdited, parse = (text) => text, ...props }: BoundTextFieldProps<V>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TextField
          margin="normal"
          {...props}
          {...field}
          onChange={(e) => {
            field.onChange(parse(e.target.value));
            onEdited(name);
          }}
          error={!!message}
          helperText={message}
        />
      )}
    />
  );
}
