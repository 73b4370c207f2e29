import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ChangelogEntry, FaqEntry } from '@mediport/contracts';
import { DASHBOARD_MESSAGES } from './messages';

export function Faq({ faq }: { faq: FaqEntry[] }) {
  return (
    <Box>
      {faq.map((f) => (
        <Accordion key={f.question} disableGutters variant="outlined">
          <AccordionSummary>
            <Typography sx={{ fontWeight: 500 }}>{f.question}</Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Typography color="textSecondary">{f.answer}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}

export function Changelog({ log }: { log: ChangelogEntry[] }) {
  return (
    <Box>
      {log.map((entry) => (
        <Box key={entry.version} sx={{ mb: 2 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {DASHBOARD_MESSAGES.version(entry.version, entry.date)}
          </Typography>
          <Box component="ul" sx={{ mt: 0.5, pl: 3 }}>
            {entry.changes.map((c) => (
              <Typography component="li" key={c} variant="body2">
                {c}
              </Typography>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
