import { memo } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { ROLE_LABELS, type AclRuleItem, type Role } from '@mediport/contracts';
import { ACL_TEXT } from '../../../messages';
import { type CellState, TOGGLE_LABELS, type Toggle, togglesFor } from '../matrix-model';

export interface MatrixCellProps {
  role: Role;
  item: AclRuleItem;
  state: CellState;
  editable: boolean;
  onToggle: (role: Role, name: string, toggle: Toggle, on: boolean) => void;
}


/** One role's toggles for one permission; each control is named "<toggle> – <role> – <permission>". */
export const MatrixCell = memo(function MatrixCell({ role, item, state, editable, onToggle }: MatrixCellProps) {
  const toggles = togglesFor(role, item);
  const name = (t: Toggle) => `${TOGGLE_LABELS[t]} – ${ROLE_LABELS[role]} – ${item.label}`;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
      <Switch
        size="small"
        checked={state.access}
        disabled={!editable}
        onChange={(e) => onToggle(role, item.name, 'access', e.target.checked)}
        slotProps={{ input: { 'aria-label': name('access') } }}
      />
      {toggles
        .filter((t): t is Exclude<Toggle, 'access'> => t !== 'access')
        .map((t) => (
          <FormControlLabel
            key={t}
            sx={{ ml: 0, mr: 0, '& .MuiFormControlLabel-label': { fontSize: '0.75rem', color: state[t] ? 'text.primary' : 'text.secondary' } }}
            control={
              <Checkbox
                size="small"
                sx={{ p: 0.25 }}
                checked={state[t]}
                disabled={!editable}
                onChange={(e) => onToggle(role, item.name, t, e.target.checked)}
                slotProps={{ input: { 'aria-label': name(t) } }}
              />
            }
            label={ACL_TEXT.short[t]}
          />
        ))}
    </Box>
  );
}, sameCell);

/** Cells re-render only when their own flags change (the state object is rebuilt on every toggle). */
function sameCell(a: MatrixCellProps, b: MatrixCellProps): boolean {
  return (
    a.role === b.role &&
    a.item === b.item &&
    a.editable === b.editable &&
    a.onToggle === b.onToggle &&
    a.state.access === b.state.access &&
    a.state.own === b.state.own &&
    a.state.manager === b.state.manager &&
    a.state.contract === b.state.contract
  );
}
