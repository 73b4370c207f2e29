import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { Link as RouterLink } from 'react-router-dom';
import { UI_MESSAGES } from '../messages.js';
import { LockIcon } from '../icons.js';

export interface ContractRequiredDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Shown when a contract-locked feature is clicked ("Vertrag benötigt!"). */
export function ContractRequiredDialog({ open, onClose }: ContractRequiredDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="contract-required-title" maxWidth="xs" fullWidth>
      <DialogTitle id="contract-required-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <LockIcon color="secondary" />
        {UI_MESSAGES.contractRequiredTitle}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{UI_MESSAGES.contractRequiredText}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button component={RouterLink} to="/profil?tab=3" onClick={onClose}>
          {UI_MESSAGES.toContracts}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {UI_MESSAGES.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
