import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROLE_LABELS, type AclMatrix, type AclRuleItem } from '@mediport/contracts';
import { useDokuImage } from '../api/acl-api';
import { cellState, MATRIX_ROLES, TOGGLE_LABELS } from '../matrix-model';
import { ACL_TEXT } from '../../../messages';

export interface PermissionDetailDialogProps {
  item: AclRuleItem | null;
  matrix: AclMatrix;
  onClose: () => void;
}

function Field({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '170px 1fr', gap: 1, py: 0.5 }}>
      <Typography color="textSecondary">{label}</Typography>
      <Typography sx={mono ? { fontFamily: 'monospace' } : undefined}>{value}</Typography>
    </Box>
  );
}

/** Label, name, page, API call, the roles holding the permission (as edited) and its documentation image. */
export function PermissionDetailDialog({ item, matrix, onClose }: PermissionDetailDialogProps) {
  const image = useDokuImage(item?.name ?? null);
  const holders = item
    ? MATRIX_ROLES.map((role) => ({ role, state: cellState(matrix[role], item.name) })).filter((h) => h.state.access)
    : [];
  return (
    <Dialog open={!!item} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="acl-detail-title">
      <DialogTitle id="acl-detail-title">{item ? `${ACL_TEXT.detailTitle}: ${item.label}` : ACL_TEXT.detailTitle}</DialogTitle>
      {item && (
        <DialogContent>
          <Field label={ACL_TEXT.name} value={item.name} mono />
          <Field label={ACL_TEXT.url} value={item.url ?? '–'} mono />
          <Field label={ACL_TEXT.api} value={item.api ?? '–'} mono />
          <Box sx={{ display: 'grid', gridTemplateColumns: '170px 1fr', gap: 1, py: 0.5 }}>
            <Typography color="textSecondary">{ACL_TEXT.holders}</Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} aria-label={ACL_TEXT.holders}>
              {holders.length === 0 && <Typography>{ACL_TEXT.noHolders}</Typography>}
              {holders.map(({ role, state }) => {
                const flags = (['own', 'manager', 'contract'] as const).filter((f) => state[f]).map((f) => TOGGLE_LABELS[f].toLowerCase());
                return <Chip key={role} label={flags.length ? `${ROLE_LABELS[role]} (${flags.join(', ')})` : ROLE_LABELS[role]} />;
              })}
            </Stack>
          </Box>
          <Box sx={{ mt: 2, display: 'flex', justifyContent: 'center', minHeight: 120, alignItems: 'center' }}>
            {image.isLoading && (
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <CircularProgress size={20} />
                <Typography color="textSecondary">{ACL_TEXT.imageLoading}</Typography>
              </Stack>
            )}
            {image.data && <Box component="img" src={image.data} alt={ACL_TEXT.image(item.label)} sx={{ maxWidth: '100%', height: 'auto' }} />}
          </Box>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose}>{ACL_TEXT.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
