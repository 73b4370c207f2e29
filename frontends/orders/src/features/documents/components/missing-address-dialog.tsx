import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import type { DocumentRequestDoctor } from '@mediport/contracts/documents';
import { doctorLabel } from '../document-html';
import { DOCUMENT_TEXTS as T } from '../messages';
import { doctorEditPath } from './doctor-card';

export interface MissingAddressDialogProps {
  /** The doctors with orders to request but no address for the chosen way; the dialog is open while there are any. */
  doctors: DocumentRequestDoctor[];
  /** The chosen way, as the type switch names it. */
  way: string;
  /** Whether requests to other doctors remain when these are left out. */
  othersLeft: boolean;
  canEditDoctor: boolean;
  onLeaveOut: () => void;
  onCancel: () => void;
}

/** "Adresse fehlt": names the doctors without an address and offers to send to the others only. */
export function MissingAddressDialog({ doctors, way, othersLeft, canEditDoctor, onLeaveOut, onCancel }: MissingAddressDialogProps) {
  return (
    <Dialog open={doctors.length > 0} onClose={onCancel} aria-labelledby="missing-address-title" aria-describedby="missing-address-text">
      <DialogTitle id="missing-address-title">{T.missingTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="missing-address-text">{T.missingText(way)}</DialogContentText>
        <List dense>
          {doctors.map((d) => (
            <ListItem key={d._id} disableGutters>
              {canEditDoctor ? (
                <Link component={RouterLink} to={doctorEditPath(d._id)} aria-label={`${doctorLabel(d)}: ${T.editDoctor}`}>
                  {doctorLabel(d)}
                </Link>
              ) : (
                doctorLabel(d)
              )}
            </ListItem>
          ))}
        </List>
        <DialogContentText>{othersLeft ? T.missingQuestion : T.missingNoneLeft}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{T.cancel}</Button>
        {othersLeft && (
          <Button variant="contained" onClick={onLeaveOut} autoFocus>
            {T.leaveOut}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
