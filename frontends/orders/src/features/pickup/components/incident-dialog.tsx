import { useEffect, useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type TaskDto } from '@mediport/contracts';
import { INCIDENT_REASON_LABELS, INCIDENT_REASONS, INCIDENT_TEXT_MAX, type IncidentReason, DELIVERY_MESSAGES } from '@mediport/contracts/delivery';
import { SPEC_BREAKPOINTS } from '@mediport/ui';
import { useReportIncident } from '../api/pickup-api';
import { patientName } from '../grouping';
import { PICKUP_TEXTS as T } from '../messages';

/** "Problem melden": a reason (and for "Sonstiges" a description) goes into the order's feed. */
export function IncidentDialog({ task, onClose }: { task: TaskDto | null; onClose: () => void }) {
  const phone = useMediaQuery(`(max-width: ${SPEC_BREAKPOINTS.small - 0.05}px)`);
  const [reason, setReason] = useState<IncidentReason | ''>('');
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const report = useReportIncident(onClose);
  const titleId = useId();

  // Each dialog starts empty.
  useEffect(() => {
    setReason('');
    setText('');
    setTried(false);
  }, [task?._id]);

  const reasonError = tried && !reason ? DELIVERY_MESSAGES.incidentReason : undefined;
  const textError = tried && reason === 'other' && !text.trim() ? DELIVERY_MESSAGES.incidentText : undefined;
  const submit = () => {
    setTried(true);
    if (!task || !reason || (reason === 'other' && !text.trim())) return;
    report.mutate({ id: task._id, body: { reason, text: text.trim() } });
  };

  return (
    <Dialog open={!!task} onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{T.incidentTitle}</DialogTitle>
      <DialogContent>
        {task && (
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
            {T.deliverTo(patientName(task), task.medicine)}
          </Typography>
        )}
        <FormControl error={!!reasonError} component="fieldset" sx={{ mb: 2 }}>
          <FormLabel component="legend">{T.reason}</FormLabel>
          <RadioGroup value={reason} onChange={(e) => setReason(e.target.value as IncidentReason)}>
            {INCIDENT_REASONS.map((r) => (
              <FormControlLabel key={r} value={r} control={<Radio />} label={INCIDENT_REASON_LABELS[r]} sx={{ minHeight: 44 }} />
            ))}
          </RadioGroup>
          {reasonError && <FormHelperText>{reasonError}</FormHelperText>}
        </FormControl>
        <TextField
          label={T.incidentTextLabel}
          multiline
          minRows={3}
          fullWidth
          required={reason === 'other'}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={!!textError}
          helperText={textError ?? (reason === 'other' ? T.incidentTextRequired : undefined)}
          slotProps={{ htmlInput: { maxLength: INCIDENT_TEXT_MAX } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          {T.cancel}
        </Button>
        <Button variant="contained" color="error" onClick={submit} disabled={report.isPending} sx={{ minHeight: 44 }}>
          {T.report}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
