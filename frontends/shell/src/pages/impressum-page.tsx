import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME, type PublicSettingsDto } from '@mediport/contracts';
import { fetchSettings } from '@mediport/api-client';
import { LoadingState, PageHeader } from '@mediport/ui';
import { PublicLayout } from '../features/layout/components/public-layout';

/** Technical provider of the portal (fixed text of the imprint; the operator's block comes from the settings). */
export const PROVIDER = {
  company: 'Nordwerk Digital Health GmbH',
  street: 'Am Sandtorkai 54',
  city: '20457 Hamburg',
  phone: '+49 40 822 186 40',
  email: 'info@nordwerk-health.de',
  vatId: 'DE 318 475 226',
  register: 'Amtsgericht Hamburg, HRB 158 342',
  director: 'Geschäftsführer: Dr. Jonas Petersen, Miriam Albers',
} as const;

function Line({ label, value }: { label?: string; value: string }) {
  return (
    <Typography>
      {label && <Box component="span" sx={{ display: 'inline-block', minWidth: 90 }}>{label}:</Box>}
      {value}
    </Typography>
  );
}

export function ImpressumPage() {
  const settings = useQuery<PublicSettingsDto | null>({
    queryKey: ['settings', 'public'],
    // A failure is silent: the page shows the provider block alone.
    queryFn: () => fetchSettings().catch(() => null),
  });
  const s = settings.data;
  return (
    <PublicLayout>
      <PageHeader title="Impressum" breadcrumbs={[{ label: PRODUCT_NAME, to: '/' }, { label: 'Impressum' }]} />
      <Paper sx={{ p: 4 }}>
        <Typography variant="h2" gutterBottom>
          Angaben gemäß § 5 DDG
        </Typography>
        {settings.isLoading ? (
          <LoadingState />
        ) : (
          s && (
            <Box sx={{ mb: 3 }} data-testid="operator">
              {s.logo && (
                <Box component="img" src={s.logo} alt={s.company ? `Logo ${s.company}` : 'Logo'} sx={{ display: 'block', maxWidth: 240, maxHeight: 100, mb: 2 }} />
              )}
              {s.company && <Typography sx={{ fontWeight: 500 }}>{s.company}</Typography>}
              {s.street && <Typography>{s.street}</Typography>}
              {(s.postalCode || s.city) && <Typography>{[s.postalCode, s.city].filter(Boolean).join(' ')}</Typography>}
              {(s.phone || s.fax || s.email) && <Box sx={{ mt: 1.5 }} />}
              {s.phone && <Line label="Telefon" value={s.phone} />}
              {s.fax && <Line label="Fax" value={s.fax} />}
              {s.email && (
                <Typography>
                  <Box component="span" sx={{ display: 'inline-block', minWidth: 90 }}>E-Mail:</Box>
                  <Link href={`mailto:${s.email}`}>{s.email}</Link>
                </Typography>
              )}
            </Box>
          )
        )}
        <Divider sx={{ my: 3 }} />
        <Typography variant="h2" gutterBottom>
          Technischer Dienstleister
        </Typography>
        <Box data-testid="provider">
          <Typography sx={{ fontWeight: 500 }}>{PROVIDER.company}</Typography>
          <Typography>{PROVIDER.street}</Typography>
          <Typography>{PROVIDER.city}</Typography>
          <Box sx={{ mt: 1.5 }} />
          <Line label="Telefon" value={PROVIDER.phone} />
          <Typography>
            <Box component="span" sx={{ display: 'inline-block', minWidth: 90 }}>E-Mail:</Box>
            <Link href={`mailto:${PROVIDER.email}`}>{PROVIDER.email}</Link>
          </Typography>
          <Box sx={{ mt: 1.5 }} />
          <Typography>Umsatzsteuer-Identifikationsnummer gemäß § 27 a UStG: {PROVIDER.vatId}</Typography>
          <Typography>{PROVIDER.register}</Typography>
          <Typography>{PROVIDER.director}</Typography>
        </Box>
        <Divider sx={{ my: 3 }} />
        <Typography variant="h3" gutterBottom>
          Haftung für Inhalte
        </Typography>
        <Typography color="textSecondary">
          Die Inhalte dieses Portals wurden mit größter Sorgfalt erstellt. Für die Richtigkeit, Vollständigkeit und Aktualität
          der Inhalte übernehmen wir jedoch keine Gewähr. Medizinische Entscheidungen treffen ausschließlich die behandelnden
          Ärztinnen und Ärzte sowie die versorgende Apotheke.
        </Typography>
      </Paper>
    </PublicLayout>
  );
}
