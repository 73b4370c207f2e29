import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CONTRACT_MESSAGES, type ContractDto, formatCents, productOffered, type ShopProductDto } from '@mediport/contracts/shop';
import { EmptyState, ErrorPanel, ExpandMoreIcon, LoadingState } from '@mediport/ui';
import { useContracts } from '../api/contracts-api';
import { CONTRACT_TEXTS, contractTitle, stateLabel } from '../contract-texts';
import { ContractDetail } from './contract-detail';

/** The colour of a state: running green, waiting orange, ended grey. */
export function stateColor(contract: ContractDto): 'success' | 'warning' | 'default' | 'info' {
  switch (contract.state) {
    case 'booked':
      return 'success';
    case 'adoption_request':
    case 'adoption_request_pharma':
    case 'new':
      return 'warning';
    case 'adoption':
      return 'info';
    default:
      return 'default';
  }
}

/** Verträge: the caller's contracts, each with its detail, options, shop and the steps the caller may take. */
export function ContractsTab() {
  const contracts = useContracts();
  if (contracts.isLoading) return <LoadingState />;
  if (contracts.isError || !contracts.data) return <ErrorPanel message={CONTRACT_MESSAGES.noData} onRetry={() => void contracts.refetch()} />;
  const { data, possibleOptions } = contracts.data;
  if (data.length === 0) return <EmptyState text={CONTRACT_MESSAGES.noData} />;
  return (
    <Stack spacing={1.5} sx={{ maxWidth: 980 }} component="section" aria-label={CONTRACT_TEXTS.listLabel}>
      {data.map((contract, index) => (
        <ContractPanel key={contract._id} contract={contract} products={possibleOptions.filter((p) => productOffered(p, contract))} expanded={index === 0} />
      ))}
    </Stack>
  );
}

function ContractPanel({ contract, products, expanded }: { contract: ContractDto; products: ShopProductDto[]; expanded: boolean }) {
  const id = `contract-${contract._id}`;
  return (
    <Accordion defaultExpanded={expanded} disableGutters variant="outlined" slotProps={{ heading: { component: 'h3' }, transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-content`} id={`${id}-header`}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, width: '100%', pr: 1 }}>
          <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
            <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
              {contractTitle(contract)}
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary">
              {CONTRACT_TEXTS.contract(contract._id)}
            </Typography>
          </Box>
          <Chip size="small" label={stateLabel(contract)} color={stateColor(contract)} />
          <Typography component="span" sx={{ minWidth: 90, textAlign: 'right' }}>
            {formatCents(contract.basePrice)}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails>
        <ContractDetail contract={contract} products={products} />
      </AccordionDetails>
    </Accordion>
  );
}
