import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';

const PARTNERS = [
  {
    name: 'MediBlister Datenservice',
    tag: 'Partner für Heime und Apotheken',
    text:
      'Verblisterung und Arzneimitteldatenmanagement aus einer Hand: patientenindividuelle Wochenblister, ' +
      'geprüfte Medikationspläne und eine saubere Stammdatenpflege entlasten Pflegekräfte spürbar und ' +
      'erhöhen die Arzneimitteltherapiesicherheit in Ihrer Einrichtung.',
  },
  {
    name: 'RezeptBrücke',
    tag: 'Digitaler Rezeptaustausch',
    text:
      'Rezeptanforderungen zwischen Pflegeeinrichtung, Arztpraxis und Apotheke sicher und papierlos übermitteln: ' +
      'Verordnungen kommen schneller an, Rückfragen werden nachvollziehbar dokumentiert und niemand muss mehr ' +
      'Faxe abtippen.',
  },
] as const;

/** The two partner promotion cards of the login page (shown when the demo table is not). */
export function PartnerCards() {
  return (
    <Box sx={{ display: 'grid', gap: 2, width: '100%', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {PARTNERS.map((p) => (
        <Card key={p.name} variant="outlined" component="section" aria-label={p.name}>
          <CardContent>
            <Chip label={p.tag} size="small" color="primary" variant="outlined" sx={{ mb: 1 }} />
            <Typography variant="h3" component="h2" gutterBottom>
              {p.name}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {p.text}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
