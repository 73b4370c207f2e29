import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@mediport/contracts';

/** Product mark: a capsule and cross in the theme colours, with the product name (from `nameFrom` px wide, when given). */
export function Logo({ size = 40, inverse = false, nameFrom }: { size?: number; inverse?: boolean; nameFrom?: number }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
      <Box component="svg" viewBox="0 0 48 48" sx={{ width: size, height: size, flexShrink: 0 }} aria-hidden>
        <rect x="2" y="2" width="44" height="44" rx="12" fill={inverse ? '#ffffff' : '#2a5d78'} />
        <rect x="20" y="10" width="8" height="28" rx="2" fill={inverse ? '#2a5d78' : '#ffffff'} />
        <rect x="10" y="20" width="28" height="8" rx="2" fill={inverse ? '#2a5d78' : '#ffffff'} />
        <circle cx="37" cy="37" r="6" fill="#f44336" />
      </Box>
      <Typography
        component="span"
        sx={{
          fontWeight: 600,
          fontSize: size * 0.5,
          letterSpacing: 0.2,
          whiteSpace: 'nowrap',
          color: inverse ? 'common.white' : 'primary.main',
          // On narrow screens the mark alone, so the top bar's buttons keep their room.
          ...(nameFrom ? { display: 'none', [`@media (min-width:${nameFrom}px)`]: { display: 'inline' } } : {}),
        }}
      >
        {PRODUCT_NAME}
      </Typography>
    </Box>
  );
}
