import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { formatCents } from '@mediport/contracts/shop';
import { INVOICE_MESSAGES as M, INVOICE_ROLE_LABELS, type InvoiceProofDto } from '@mediport/contracts/invoices';
import { formatDate, SPEC_BREAKPOINTS } from '@mediport/ui';

const C = M.columns;

/**
 * The proof list of an invoice: the billed pharmacy, homes and practices with debtor, role, login
 * and price. A table from 601 px on, a list of lines below (a phone).
 */
export function ProofList({ number, proofs }: { number: string; proofs: InvoiceProofDto[] }) {
  const phone = useMediaQuery(`(max-width: ${SPEC_BREAKPOINTS.small - 0.05}px)`);
  const title = `${M.proofs} zu ${number}`;
  if (proofs.length === 0) return <Typography variant="body2">{M.noProofs}</Typography>;
  if (phone) {
    return (
      <Box component="ul" aria-label={title} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {proofs.map((p, i) => (
          <Box component="li" key={`${p.name}-${i}`} sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
                {p.name}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                {formatCents(p.price)}
              </Typography>
            </Box>
            <Typography variant="caption" color="text.secondary" component="div">
              {[INVOICE_ROLE_LABELS[p.role], p.debtor && `${C.debtor} ${p.debtor}`, `${C.withLogin}: ${p.withLogin ? M.yes : M.no}`].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <Table size="small" aria-label={title}>
      <TableHead>
        <TableRow>
          <TableCell>{C.proofName}</TableCell>
          <TableCell>{C.role}</TableCell>
          <TableCell>{C.debtor}</TableCell>
          <TableCell>{C.withLogin}</TableCell>
          <TableCell align="right">{C.proofPrice}</TableCell>
          <TableCell>{C.modifiedAt}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {proofs.map((p, i) => (
          <TableRow key={`${p.name}-${i}`}>
            <TableCell>{p.name}</TableCell>
            <TableCell>{INVOICE_ROLE_LABELS[p.role]}</TableCell>
            <TableCell>{p.debtor || '–'}</TableCell>
            <TableCell>{p.withLogin ? M.yes : M.no}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatCents(p.price)}
            </TableCell>
            <TableCell>{formatDate(p.modifiedAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
