import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@mediport/contracts';
import { PageHeader } from '@mediport/ui';
import { PublicLayout } from '../features/layout/components/public-layout';
import { PRIVACY_STATEMENT, type PrivacySection } from './datenschutz-text';

function Section({ section, level }: { section: PrivacySection; level: 2 | 3 }) {
  return (
    <Box component="section" sx={{ mb: level === 2 ? 4 : 2.5 }}>
      <Typography variant={level === 2 ? 'h2' : 'h3'} component={level === 2 ? 'h2' : 'h3'} gutterBottom>
        {section.title}
      </Typography>
      {section.paragraphs.map((p) => (
        <Typography key={p.slice(0, 40)} sx={{ lineHeight: 1.7, mb: 1.5 }}>
          {p}
        </Typography>
      ))}
      {section.subsections?.map((s) => <Section key={s.title} section={s} level={3} />)}
    </Box>
  );
}

/** Privacy statement under the GDPR (/datenschutz, public). */
export function DatenschutzPage() {
  return (
    <PublicLayout>
      <PageHeader title="Datenschutzerklärung" breadcrumbs={[{ label: PRODUCT_NAME, to: '/' }, { label: 'Datenschutz' }]} />
      <Paper sx={{ p: { xs: 2, sm: 4 } }}>
        {PRIVACY_STATEMENT.map((s) => (
          <Section key={s.title} section={s} level={2} />
        ))}
      </Paper>
    </PublicLayout>
  );
}
