import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { MasterdataAudit } from '@mediport/contracts';
import type { FieldError } from '@mediport/validation';
import { ApiError, handleApiError } from '@mediport/api-client';
import { formatDateTime } from '@mediport/ui';
import { FORM_TEXTS } from './texts';

export interface RecordFormOptions<V> {
  /** The values to start from (the loaded record, or the defaults of a new one); undefined while loading. */
  initial: V | undefined;
  /** The form's rules from libs/validation (the server runs the same ones). */
  validate: (values: V) => FieldError[];
  /** Saves; a rejected ApiError's field errors are shown at their fields, the others as toasts. */
  onSubmit: (values: V) => Promise<unknown>;
}

export interface FieldProps {
  name: string;
  id: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  onBlur: () => void;
  error: boolean;
  helperText?: string;
}

/**
 * State of a master-data form: values, the rules' messages (shown once a field was left or the
 * form was submitted), server field errors, saving and dirty flags. Saving is blocked while a rule
 * fails.
 */
export function useRecordForm<V extends object>({ initial, validate, onSubmit }: RecordFormOptions<V>) {
  const [values, setValues] = useState<V | undefined>(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const start = useRef<V | undefined>(initial);

  // The record arrives after the first render: start from it once.
  useEffect(() => {
    if (initial && !start.current) {
      start.current = initial;
      setValues(initial);
    }
  }, [initial]);

  const ruleErrors = useMemo(() => {
    const out: Record<string, string> = {};
    if (values) for (const e of validate(values)) if (!out[e.path]) out[e.path] = e.message;
    return out;
  }, [values, validate]);

  const errorOf = (path: string): string | undefined => serverErrors[path] ?? (submitted || touched[path] ? ruleErrors[path] : undefined);

  const set = <K extends keyof V>(name: K, value: V[K]) => {
    setValues((v) => (v ? { ...v, [name]: value } : v));
    setServerErrors((e) => {
      if (!((name as string) in e)) return e;
      const { [name as string]: _gone, ...rest } = e;
      return rest;
    });
  };

  /** Props for a text field bound to a string value. */
  const field = (name: keyof V & string): FieldProps => {
    const message = errorOf(name);
    return {
      name,
      id: `field-${name}`,
      value: String((values?.[name] as unknown) ?? ''),
      onChange: (e) => set(name, e.target.value as V[typeof name]),
      onBlur: () => setTouched((t) => (t[name] ? t : { ...t, [name]: true })),
      error: !!message,
      helperText: message,
    };
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    setSubmitted(true);
    if (!values || Object.keys(ruleErrors).length > 0 || saving) return false;
    setSaving(true);
    try {
      await onSubmit(values);
      start.current = values;
      return true;
    } catch (error) {
      if (error instanceof ApiError) setServerErrors(error.fieldErrors());
      else handleApiError(error);
      return false;
    } finally {
      setSaving(false);
    }
  };

  const dirty = !!values && !!start.current && JSON.stringify(values) !== JSON.stringify(start.current);
  return { values, set, field, errorOf, submit, saving, dirty, hasErrors: Object.keys(ruleErrors).length > 0 };
}

/** "Erstellt von … am …, geändert von … am …" under a form (spec: created/changed by and date). */
export function AuditInfo({ record }: { record: MasterdataAudit | undefined }) {
  if (!record) return null;
  // Records from an import or the demo data have no author: then only the date.
  const line = (text: (who: string, when: string) => string, dated: (when: string) => string, ref: MasterdataAudit['createdFrom'], at: string) =>
    ref?.username ? text(ref.username, formatDateTime(at)) : dated(formatDateTime(at));
  return (
    <Typography variant="body2" color="textSecondary" sx={{ mt: 2 }}>
      {line(FORM_TEXTS.created, FORM_TEXTS.createdAt, record.createdFrom, record.createdAt)}
      <br />
      {line(FORM_TEXTS.changed, FORM_TEXTS.changedAt, record.modifiedFrom, record.modifiedAt)}
    </Typography>
  );
}

/** A form's frame with the save and cancel buttons at its foot. */
export function FormFrame({
  onSubmit,
  cancelTo,
  saving,
  submitLabel = FORM_TEXTS.save,
  submitColor = 'primary',
  submitDisabled,
  children,
  extraActions,
  label,
}: {
  onSubmit: (e: FormEvent) => void;
  cancelTo: string;
  saving: boolean;
  submitLabel?: string;
  submitColor?: 'primary' | 'secondary';
  submitDisabled?: boolean;
  children: ReactNode;
  extraActions?: ReactNode;
  /** Accessible name of the form. */
  label: string;
}) {
  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} aria-label={label} sx={{ p: { xs: 2, sm: 3 } }}>
      {children}
      <Box sx={{ display: 'flex', gap: 1, mt: 3, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        {extraActions}
        <Button component={RouterLink} to={cancelTo}>
          {FORM_TEXTS.cancel}
        </Button>
        <Button type="submit" variant="contained" color={submitColor} disabled={saving || submitDisabled}>
          {submitLabel}
        </Button>
      </Box>
    </Paper>
  );
}

/** Two columns on wider screens, one on phones. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2 }}>{children}</Box>;
}
