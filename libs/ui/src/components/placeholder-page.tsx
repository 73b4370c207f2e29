import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@mediport/contracts';
import { PLACEHOLDER_NOTE } from '../messages.js';
import { InfoIcon } from '../icons.js';
import { PageHeader } from './page-header.js';

export interface PlaceholderPageProps {
  /** The sidebar entry's name. */
  title: string;
  /** The sidebar section, shown in the breadcrumb. */
  section?: string;
}

/** Landing page of an area whose screens are not built yet. */
export function PlaceholderPage({ title, section }: PlaceholderPageProps) {
  const crumbs = [{ label: PRODUCT_NAME, to: '/' }, ...(section ? [{ label: section }] : []), { label: title }];
  return (
    <>
      <PageHeader title={title} breadcrumbs={crumbs} />
      <Paper variant="outlined" sx={{ p: 3, display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <InfoIcon color="primary" />
        <Typography>{PLACEHOLDER_NOTE}</Typography>
      </Paper>
    </>
  );
}
