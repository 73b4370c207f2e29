import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import {
  CONTRACT_RUNTIME_LABELS,
  CONTRACT_RUNTIMES,
  type ContractDto,
  type ContractRuntime,
  formatCents,
  packagesFor,
  type PackageType,
} from '@mediport/contracts/shop';
import { requestKey } from '../api/contracts-api';
import { CONTRACT_TEXTS as T } from '../contract-texts';

export interface RuntimeDialogProps {
  contract: ContractDto;
  busy: boolean;
  onClose: () => void;
  onSave: (product: { runtime: ContractRuntime; type: PackageType }, key: string) => void;
}

/** The package chooser (Basis, Full Service, Unlimited where offered) and the runtime, for the next term. */
export function RuntimeDialog({ contract, busy, onClose, onSave }: RuntimeDialogProps) {
  const [runtime, setRuntime] = useState<ContractRuntime>(contract.product.runtime);
  const [type, setType] = useState<PackageType>(contract.product.type);
  const [key] = useState(requestKey);
  const unchanged = runtime === contract.product.runtime && type === contract.product.type;
  const nextFrom = contract.validTo;
  return (
    <Dialog open onClose={onClose} aria-labelledby="runtime-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="runtime-dialog-title">{T.runtimeTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{T.runtimeIntro(nextFrom ? dayAfter(nextFrom) : null)}</DialogContentText>
        <FormControl sx={{ mb: 2, display: 'block' }}>
          <FormLabel id="package-legend">{T.packageLegend}</FormLabel>
          <RadioGroup aria-labelledby="package-legend" value={type} onChange={(e) => setType(e.target.value as PackageType)}>
            {packagesFor(contract).map((p) => (
              <FormControlLabel
                key={p.type}
                value={p.type}
                control={<Radio />}
                label={`${p.title}: ${formatCents(contract.doctor ? contract.basePrice : p.price)} ${contract.doctor ? 'pro Monat' : p.description}`}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <FormControl>
          <FormLabel id="runtime-legend">{T.runtimeLegend}</FormLabel>
          <RadioGroup row aria-labelledby="runtime-legend" value={runtime} onChange={(e) => setRuntime(e.target.value as ContractRuntime)}>
            {CONTRACT_RUNTIMES.map((r) => (
              <FormControlLabel key={r} value={r} control={<Radio />} label={CONTRACT_RUNTIME_LABELS[r]} />
            ))}
          </RadioGroup>
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.abort}</Button>
        <Button variant="contained" disabled={unchanged || busy} onClick={() => onSave({ runtime, type }, key)}>
          {T.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** DD.MM.YYYY of the day after a DD.MM.YYYY date. */
function dayAfter(date: string): string {
  const [d, m, y] = date.split('.').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return `${String(next.getUTCDate()).padStart(2, '0')}.${String(next.getUTCMonth() + 1).padStart(2, '0')}.${next.getUTCFullYear()}`;
}
