import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ChangelogEntry, FaqEntry, Role } from '@mediport/contracts';
import { useAuth } from '@mediport/api-client';
import { DASHBOARD_MESSAGES } from '../messages';

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

/** One heading per version: the reader's entries of that version, joined in their order. */
interface VersionChanges {
  version: string;
  date: string;
  changes: string[];
}

/**
 * The changelog as `roles` read it: entries without roles are for everyone, the others for readers
 * holding one of their roles; an administrator reads every entry. Versions left without a change
 * are dropped.
 */
export function changelogFor(log: ChangelogEntry[], roles: readonly Role[]): VersionChanges[] {
  const admin = roles.includes('ROLE_ADMIN');
  const versions: VersionChanges[] = [];
  for (const entry of log) {
    if (!admin && entry.roles && !entry.roles.some((r) => roles.includes(r))) continue;
    const last = versions[versions.length - 1];
    if (last?.version === entry.version) last.changes.push(...entry.changes);
    else versions.push({ version: entry.version, date: entry.date, changes: [...entry.changes] });
  }
  return versions;
}

/** The changelog of the dashboard, for the signed-in user's roles. */
export function Changelog({ log }: { log: ChangelogEntry[] }) {
  const auth = useAuth();
  const versions = changelogFor(log, auth?.user.roles ?? []);
  return (
    <Box>
      {versions.map((entry) => (
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
