import { useEffect, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type TaskDto } from '@mediport/contracts';
import { DELIVERY_RECIPIENT_MAX, DELIVERY_SIGNATURE_MAX_BYTES, type DeliveryPosition, DELIVERY_MESSAGES } from '@mediport/contracts/delivery';
import { ApiError, handleApiError, toast } from '@mediport/api-client';
import { CloseIcon, SPEC_BREAKPOINTS } from '@mediport/ui';
import { useConfirmDelivery } from '../api/pickup-api';
import { addressLine, homeName, patientName } from '../grouping';
import { PICKUP_TEXTS as T } from '../messages';
import { SignaturePad, type SignaturePadHandle } from './signature-pad';

/**
 * The device's position while the dialog is open, asked for once without waiting for it: none
 * where the browser has no geolocation or the user refused it, and the delivery goes without.
 */
function useDevicePosition(active: boolean): DeliveryPosition | null | 'pending' {
  const [position, setPosition] = useState<DeliveryPosition | null | 'pending'>(null);
  useEffect(() => {
    setPosition(null);
    const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
    if (!active || !geo) return undefined;
    let cancelled = false;
    const ask = () => {
      if (cancelled) return;
      setPosition('pending');
      geo.getCurrentPosition(
        (p) => !cancelled && setPosition({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: Number.isFinite(p.coords.accuracy) ? p.coords.accuracy : null }),
        () => !cancelled && setPosition(null),
        { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
      );
    };
    // Where the user already refused, the browser is not asked again.
    const permissions = navigator.permissions;
    if (permissions?.query)
      permissions.query({ name: 'geolocation' }).then(
        (status) => status.state !== 'denied' && ask(),
        ask,
      );
    else ask();
    return () => {
      cancelled = true;
    };
  }, [active]);
  return position;
}

/**
 * "Zustellen mit Unterschrift": the recipient's name and signature (and the position when the
 * device gives it) prove the delivery to the care home; the order is finished with it. Full
 * screen on a phone.
 */
export function DeliveryDialog({ task, onClose }: { task: TaskDto | null; onClose: () => void }) {
  const phone = useMediaQuery(`(max-width: ${SPEC_BREAKPOINTS.small - 0.05}px)`);
  const titleId = useId();
  const pad = useRef<SignaturePadHandle>(null);
  const [recipient, setRecipient] = useState('');
  const [inked, setInked] = useState(false);
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<{ recipient?: string; signature?: string }>({});
  const [preparing, setPreparing] = useState(false);
  const position = useDevicePosition(!!task);
  const confirm = useConfirmDelivery(onClose);

  useEffect(() => {
    setRecipient('');
    setInked(false);
    setTried(false);
    setServer({});
  }, [task?._id]);

  const recipientError = (tried && !recipient.trim() ? DELIVERY_MESSAGES.recipientRequired : undefined) ?? server.recipient;
  const signatureError = (tried && !inked ? DELIVERY_MESSAGES.signatureRequired : undefined) ?? server.signature;

  const submit = async () => {
    setTried(true);
    setServer({});
    const name = recipient.trim();
    if (!task || !name || !inked) return;
    setPreparing(true);
    const signature = await pad.current?.toBlob();
    setPreparing(false);
    if (!signature) return setServer({ signature: DELIVERY_MESSAGES.signatureRequired });
    if (signature.size > DELIVERY_SIGNATURE_MAX_BYTES) return setServer({ signature: DELIVERY_MESSAGES.signatureSize });
    const form = new FormData();
    form.append('recipient', name);
    if (position && position !== 'pending') {
      form.append('latitude', String(position.latitude));
      form.append('longitude', String(position.longitude));
      if (position.accuracy !== null) form.append('accuracy', String(position.accuracy));
    }
    form.append('signature', signature, 'unterschrift.png');
    confirm.mutate(
      { id: task._id, form },
      {
        // The server's field messages beside their fields, the others as toasts.
        onError: (error) => {
          if (!(error instanceof ApiError) || error.status === 401 || error.errors.length === 0) return handleApiError(error);
          const fields = error.fieldErrors();
          setServer({ recipient: fields.recipient, signature: fields.signature });
          for (const entry of error.errors) if (entry.path !== 'recipient' && entry.path !== 'signature') toast(entry.message, 'error');
        },
      },
    );
  };

  const place = task ? [homeName(task), addressLine(task.stops.home)].filter(Boolean).join(', ') : '';
  return (
    <Dialog open={!!task} onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flex: 1 }}>{T.signTitle}</Box>
        {phone && (
          <IconButton aria-label={T.close} onClick={onClose} sx={{ width: 44, height: 44 }}>
            <CloseIcon />
          </IconButton>
        )}
      </DialogTitle>
      <DialogContent>
        {task && (
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            {T.deliverTo(patientName(task), task.medicine)}
            {place && <Box component="span" sx={{ display: 'block' }}>{place}</Box>}
          </Typography>
        )}
        <TextField
          label={T.recipient}
          required
          fullWidth
          autoComplete="off"
          value={recipient}
          onChange={(e) => setRecipient(e.target.value)}
          error={!!recipientError}
          helperText={recipientError}
          slotProps={{ htmlInput: { maxLength: DELIVERY_RECIPIENT_MAX } }}
          sx={{ mb: 2, mt: 1 }}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 0.5 }}>
          <Typography variant="subtitle2" component="p" color={signatureError ? 'error' : undefined}>
            {T.signature} *
          </Typography>
          <Button
            onClick={() => pad.current?.clear()}
            disabled={!inked}
            sx={{ minHeight: 44 }}
          >
            {T.clearSignature}
          </Button>
        </Box>
        <SignaturePad ref={pad} label={T.signature} invalid={!!signatureError} onInk={setInked} />
        <FormHelperText error={!!signatureError}>{signatureError ?? T.signatureHint}</FormHelperText>
        {position && (
          <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 1 }}>
            {position === 'pending' ? T.positionPending : T.positionFound(position.accuracy)}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {!phone && (
          <Button onClick={onClose} sx={{ minHeight: 44 }}>
            {T.cancel}
          </Button>
        )}
        <Button variant="contained" onClick={() => void submit()} disabled={confirm.isPending || preparing} sx={{ minHeight: 44, flex: phone ? '1 1 100%' : undefined }}>
          {T.confirmDelivery}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
