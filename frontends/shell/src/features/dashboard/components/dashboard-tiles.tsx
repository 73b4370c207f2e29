import { Link as RouterLink } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { READ_ALL_MESSAGES, type SeenKind } from '@mediport/contracts';
import { useAuth } from '@mediport/api-client';
import { hasPermission } from '@mediport/permissions';
import { useMarkAllRead } from '../api/dashboard-api';
import { DASHBOARD_MESSAGES, TILES } from '../messages';

export interface DashboardTilesProps {
  counts: Partial<Record<SeenKind, number>>;
}

/**
 * One tile per kind the caller has dashboard_new_<kind>_view for (the server answers exactly those
 * counts), with the number of unseen items and "Als gelesen markieren".
 */
export function DashboardTiles({ counts }: DashboardTilesProps) {
  const auth = useAuth();
  const permissions = auth?.permissions ?? [];
  const mark = useMarkAllRead();
  const { enqueueSnackbar } = useSnackbar();
  const tiles = TILES.filter((t) => hasPermission(permissions, `dashboard_new_${t.kind}_view`) && counts[t.kind] !== undefined);

  async function markRead(kind: SeenKind) {
    await mark.mutateAsync(kind);
    enqueueSnackbar(READ_ALL_MESSAGES[kind], { variant: 'success' });
  }

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
      {tiles.map((t) => {
        const count = counts[t.kind] ?? 0;
        const canMark = hasPermission(permissions, t.listPermission);
        return (
          <Card key={t.kind} variant="outlined" component="section" aria-label={t.label}>
            <CardContent>
              <Typography color="textSecondary" variant="subtitle2">
                {t.label}
              </Typography>
              <Typography variant="h3" component="p" sx={{ fontWeight: 600, color: count > 0 ? 'secondary.main' : 'text.primary' }} data-testid={`count-${t.kind}`}>
                {count}
              </Typography>
            </CardContent>
            <CardActions disableSpacing sx={{ flexWrap: 'wrap', gap: 1 }}>
              {canMark && (
                <Button size="small" component={RouterLink} to={t.to}>
                  {DASHBOARD_MESSAGES.open}
                </Button>
              )}
              {canMark && (
                <Button
                  size="small"
                  aria-label={DASHBOARD_MESSAGES.markReadOf(t.label)}
                  disabled={count === 0 || mark.isPending}
                  onClick={() => void markRead(t.kind).catch(() => undefined)}
                >
                  {DASHBOARD_MESSAGES.markRead}
                </Button>
              )}
            </CardActions>
          </Card>
        );
      })}
    </Box>
  );
}
