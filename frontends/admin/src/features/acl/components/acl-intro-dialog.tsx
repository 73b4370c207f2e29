import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { ACL_TEXT, INTRO_STEPS } from '../../../messages';

export interface AclIntroDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The four-step introduction to the rights matrix. */
export function AclIntroDialog({ open, onClose }: AclIntroDialogProps) {
  const [step, setStep] = useState(0);
  const last = step === INTRO_STEPS.length - 1;
  const close = () => {
    onClose();
    setStep(0);
  };
  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth aria-labelledby="acl-intro-title">
      <DialogTitle id="acl-intro-title">{ACL_TEXT.introTitle}</DialogTitle>
      <DialogContent>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 3, mt: 1 }}>
          {INTRO_STEPS.map((s) => (
            <Step key={s.label}>
              <StepLabel>{s.label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <Typography variant="h3" gutterBottom>
          {`Schritt ${step + 1} von ${INTRO_STEPS.length}: ${INTRO_STEPS[step]!.label}`}
        </Typography>
        <Typography>{INTRO_STEPS[step]!.text}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setStep((s) => s - 1)} disabled={step === 0}>
          {ACL_TEXT.back}
        </Button>
        {last ? (
          <Button variant="contained" onClick={close}>
            {ACL_TEXT.done}
          </Button>
        ) : (
          <Button variant="contained" onClick={() => setStep((s) => s + 1)}>
            {ACL_TEXT.next}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
