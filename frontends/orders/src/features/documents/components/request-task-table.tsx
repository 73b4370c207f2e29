import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TaskDto } from '@mediport/contracts';
import { DOCUMENT_TEXTS as T } from '../messages';

const patientOf = (task: TaskDto) => (task.patientDetails ? `${task.patientDetails.firstname} ${task.patientDetails.lastname}`.trim() : T.noPatient);

export interface RequestTaskTableProps {
  /** Accessible name of the table (or list). */
  label: string;
  tasks: TaskDto[];
  /** With a checkbox per order: the ids left out of the request. Without: a read-only listing. */
  excluded?: ReadonlySet<string>;
  onToggle?: (id: string, include: boolean) => void;
  /** A list of entries instead of a table (phones). */
  compact: boolean;
}

/** The orders of a doctor's request: patient with birth date, medicine, dose, amount, latest delivery. */
export function RequestTaskTable({ label, tasks, excluded, onToggle, compact }: RequestTaskTableProps) {
  const selectable = !!onToggle;
  const box = (task: TaskDto) =>
    selectable && (
      <Checkbox
        checked={!excluded?.has(task._id)}
        onChange={(e) => onToggle(task._id, e.target.checked)}
        slotProps={{ input: { 'aria-label': T.includeTask(patientOf(task), task.medicine) } }}
        sx={{ width: 44, height: 44 }}
      />
    );

  if (compact)
    return (
      <List aria-label={label} disablePadding>
        {tasks.map((task) => (
          <ListItem key={task._id} divider disableGutters sx={{ alignItems: 'flex-start', gap: 1, opacity: excluded?.has(task._id) ? 0.6 : 1 }}>
            {box(task)}
            <Box sx={{ minWidth: 0, py: selectable ? 1 : 0 }}>
              <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{patientOf(task)}</Typography>
              {task.patientDetails?.dateOfBirth && (
                <Typography variant="body2" color="textSecondary">
                  {T.bornOn(task.patientDetails.dateOfBirth)}
                </Typography>
              )}
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {[task.medicine, task.dose, T.amountOf(task.amount)].filter(Boolean).join(' · ')}
              </Typography>
              {task.latestDelivery && (
                <Typography variant="body2" color="textSecondary">
                  {T.deliverBy(task.latestDelivery)}
                </Typography>
              )}
            </Box>
          </ListItem>
        ))}
      </List>
    );

  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {selectable && <TableCell padding="checkbox">{T.include}</TableCell>}
            <TableCell>{T.patient}</TableCell>
            <TableCell>{T.medicine}</TableCell>
            <TableCell>{T.dose}</TableCell>
            <TableCell align="right">{T.amount}</TableCell>
            <TableCell>{T.latestDelivery}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {tasks.map((task) => (
            <TableRow key={task._id} sx={{ opacity: excluded?.has(task._id) ? 0.6 : 1 }}>
              {selectable && <TableCell padding="checkbox">{box(task)}</TableCell>}
              <TableCell>
                {patientOf(task)}
                {task.patientDetails?.dateOfBirth && (
                  <Typography variant="body2" color="textSecondary" component="span" sx={{ display: 'block' }}>
                    {T.bornOn(task.patientDetails.dateOfBirth)}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{task.medicine}</TableCell>
              <TableCell>{task.dose}</TableCell>
              <TableCell align="right">{task.amount}</TableCell>
              <TableCell>{task.latestDelivery}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
