import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { PastMedicineDto, TaskType } from '@mediport/contracts';
import { useHasPermission } from '@mediport/api-client';
import { LoadingState, formatDate } from '@mediport/ui';
import { usePastMedicines } from '../api/wizard-api';
import { GROUP_LABELS, WIZARD_TEXTS as T } from '../messages';

export interface MedicineStepProps {
  patientId: string;
  onReorder: (medicine: PastMedicineDto) => void;
  /** A new medicine; `lastType` is the type of the patient's latest order, when there is one. */
  onNew: (lastType: TaskType | undefined) => void;
  /** Copy and edit: go on with the order's own medicine. */
  onKeep?: () => void;
  /** The order's own medicine ("Aspirin, 100 mg") for the keep button. */
  current?: string;
}

/** The type of the patient's latest order (the rows come latest first). */
const latestType = (rows: PastMedicineDto[]): TaskType | undefined => rows[0]?.type;

/** Step 2: re-order one of the patient's earlier medicines, or a new medicine; both advance. */
export function MedicineStep({ patientId, onReorder, onNew, onKeep, current }: MedicineStepProps) {
  // An edit by a user who may not place orders (no contract yet) offers no re-order.
  const mayReorder = useHasPermission('task_create_view');
  const past = usePastMedicines(patientId, mayReorder);
  const rows = past.data?.data ?? [];
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        {onKeep && (
          <Button variant="contained" onClick={onKeep}>
            {current ? `${T.keepMedicine}: ${current}` : T.keepMedicine}
          </Button>
        )}
        <Button variant={onKeep ? 'outlined' : 'contained'} onClick={() => onNew(latestType(rows))}>
          {T.newMedicine}
        </Button>
      </Box>
      {mayReorder && (
        <Typography variant="h2" component="h2" id="past-medicines">
          {T.pastMedicines}
        </Typography>
      )}
      {!mayReorder ? null : past.isPending ? (
        <LoadingState />
      ) : rows.length === 0 ? (
        <Typography color="textSecondary" sx={{ py: 2 }}>
          {T.noPastMedicines}
        </Typography>
      ) : (
        <List aria-labelledby="past-medicines">
          {rows.map((m) => (
            <ListItem key={`${m.group}|${m.medicine}|${m.dose}`} disablePadding>
              <ListItemButton onClick={() => onReorder(m)} aria-label={`${T.reorder}: ${[m.medicine || GROUP_LABELS[m.group], m.dose].filter(Boolean).join(', ')}`}>
                <ListItemText
                  primary={[m.medicine || GROUP_LABELS[m.group], m.dose].filter(Boolean).join(' · ')}
                  secondary={T.lastOrdered(formatDate(m.lastOrderedAt), m.orders)}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
