import { useState, type ReactNode } from 'react';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  CONTRACT_MESSAGES,
  CONTRACT_RUNTIME_LABELS,
  type ContractDto,
  type ContractOptionItemDto,
  formatCents,
  OPTION_INTERVAL_LABELS,
  type ShopProductDto,
} from '@mediport/contracts/shop';
import { ConfirmDialog, formatDate } from '@mediport/ui';
import { type ContractCommand, requestKey, useContractCommand } from '../api/contracts-api';
import { CONTRACT_TEXTS as T, PACKAGE_TITLES } from '../contract-texts';
import { ContractShop } from './contract-shop';
import { RuntimeDialog } from './runtime-dialog';

interface PendingCommand {
  title: string;
  text: string;
  confirmLabel: string;
  command: ContractCommand;
  key: string;
}

/** Runs contract commands with a confirmation; toasts the server's message (refusals: the common handler). */
export function useContractCommands(contractId: string) {
  const run = useContractCommand();
  const { enqueueSnackbar } = useSnackbar();
  // The question stays while its dialog closes (the title must not vanish mid-animation).
  const [pending, setPending] = useState<PendingCommand | null>(null);
  const [open, setOpen] = useState(false);
  const execute = async (command: ContractCommand, key = requestKey()): Promise<boolean> => {
    try {
      const answer = await run.mutateAsync({ id: contractId, command, key });
      enqueueSnackbar(answer.message, { variant: 'success' });
      return true;
    } catch {
      return false;
    }
  };
  // The key is made when the question opens: a second click on "confirm" repeats the same request.
  const ask = (question: Omit<PendingCommand, 'key'>) => {
    setPending({ ...question, key: requestKey() });
    setOpen(true);
  };
  const dialog = (
    <ConfirmDialog
      open={open}
      title={pending?.title ?? ''}
      confirmLabel={pending?.confirmLabel}
      cancelLabel={T.abort}
      onCancel={() => setOpen(false)}
      onConfirm={() => {
        setOpen(false);
        if (pending) void execute(pending.command, pending.key);
      }}
    >
      {pending?.text}
    </ConfirmDialog>
  );
  return { ask, execute, dialog, busy: run.isPending };
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
        {children}
      </Typography>
    </>
  );
}

/** One contract: what it is, who pays, its term and price, what changes when, its options, and the caller's steps. */
export function ContractDetail({ contract, products }: { contract: ContractDto; products: ShopProductDto[] }) {
  const { ask, execute, dialog, busy } = useContractCommands(contract._id);
  const [runtimeOpen, setRuntimeOpen] = useState(false);
  const a = contract.actions;
  const price = formatCents(contract.basePrice);
  const anyAction = Object.values(a).some(Boolean);
  const partnerSide = !contract.ownContract && (contract.home || contract.doctor);

  return (
    <Stack spacing={2}>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 0.75, m: 0 }}>
        {contract.partnerName && <Fact label={T.partner}>{contract.partnerName}</Fact>}
        <Fact label={T.payer}>{T.payers[contract.type]}</Fact>
        <Fact label={T.package}>{PACKAGE_TITLES[contract.product.type]}</Fact>
        <Fact label={T.runtime}>{CONTRACT_RUNTIME_LABELS[contract.product.runtime]}</Fact>
        <Fact label={T.term}>{T.termValue(contract.validFrom, contract.validTo)}</Fact>
        {contract.cancellationDeadline && <Fact label={T.deadline}>{contract.cancellationDeadline}</Fact>}
        {contract.state === 'canceled' && <Fact label={T.endsOn}>{contract.validTo}</Fact>}
        <Fact label={T.price}>
          {price}
          {!contract.doctor && contract.units > 1 ? ` (${T.pricePerUnit(contract.units)})` : ''}
        </Fact>
        <Fact label={T.optionsTotal}>{formatCents(contract.optionPrice)}</Fact>
        <Fact label={T.withLogin}>{contract.withLogin ? T.yes : T.no}</Fact>
      </Box>

      <ContractNotes contract={contract} />

      {contract.nextContract && (
        <Alert severity="info" action={a.revert && <Button color="inherit" size="small" disabled={busy} onClick={() => ask({ title: T.revertTitle, text: T.revertText, confirmLabel: T.revert, command: { kind: 'revert' } })}>{T.revert}</Button>}>
          <strong>{T.nextTitle}:</strong>{' '}
          {T.next(contract.nextContract.validFrom, PACKAGE_TITLES[contract.nextContract.product.type], CONTRACT_RUNTIME_LABELS[contract.nextContract.product.runtime].toLowerCase(), formatCents(contract.nextContract.basePrice))}
        </Alert>
      )}

      {partnerSide && !a.requestAdoption && !a.accept && !a.withdraw && !a.shop && (
        <Alert severity="info">{contract.managers.length ? T.managersActing(contract.managers.join(', ')) : T.noManagers}</Alert>
      )}

      {anyAction && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {a.requestAdoption &&
            (contract.ownContract ? (
              <Button variant="contained" disabled={busy} onClick={() => ask({ title: T.askTakeOverTitle, text: T.askTakeOverText(contract.partnerName), confirmLabel: T.askTakeOver, command: { kind: 'adoption' } })}>
                {T.askTakeOver}
              </Button>
            ) : (
              <Button variant="contained" disabled={busy} onClick={() => ask({ title: T.takeOverTitle, text: T.takeOverText(price), confirmLabel: T.takeOver, command: { kind: 'adoption' } })}>
                {T.takeOver}
              </Button>
            ))}
          {a.accept && (
            <Button variant="contained" disabled={busy} onClick={() => ask({ title: T.acceptTitle, text: T.acceptText, confirmLabel: T.accept, command: { kind: 'accept' } })}>
              {T.accept}
            </Button>
          )}
          {a.reject && (
            <Button variant="outlined" color="secondary" disabled={busy} onClick={() => ask({ title: T.rejectTitle, text: T.rejectText, confirmLabel: T.reject, command: { kind: 'reject' } })}>
              {T.reject}
            </Button>
          )}
          {a.withdraw && (
            <Button variant="outlined" disabled={busy} onClick={() => ask({ title: T.withdrawTitle, text: T.withdrawText, confirmLabel: T.withdraw, command: { kind: 'withdraw' } })}>
              {T.withdraw}
            </Button>
          )}
          {a.runtimeChange && (
            <Button variant="outlined" disabled={busy} onClick={() => setRuntimeOpen(true)}>
              {T.changeRuntime}
            </Button>
          )}
          {a.cancel && (
            <Button
              variant="outlined"
              color="secondary"
              disabled={busy}
              onClick={() => ask({ title: T.cancelTitle, text: T.cancelText(contract.cancellationDeadline, contract.validTo), confirmLabel: T.confirmCancel, command: { kind: 'cancel' } })}
            >
              {T.cancel}
            </Button>
          )}
        </Box>
      )}

      <Divider />
      <OptionList contract={contract} onAsk={ask} busy={busy} />

      {a.shop && (
        <>
          <Divider />
          <ContractShop contract={contract} products={products} onCheckout={(options, key) => execute({ kind: 'options', options }, key)} busy={busy} />
        </>
      )}

      {runtimeOpen && (
        <RuntimeDialog
          contract={contract}
          busy={busy}
          onClose={() => setRuntimeOpen(false)}
          onSave={async (product, key) => {
            if (await execute({ kind: 'runtime', product }, key)) setRuntimeOpen(false);
          }}
        />
      )}
      {dialog}
    </Stack>
  );
}

/** What the state means for the reader. */
function ContractNotes({ contract }: { contract: ContractDto }) {
  const request = contract.state === 'adoption_request' ? 'partner' : contract.state === 'adoption_request_pharma' ? 'pharma' : null;
  if (request) return <Alert severity="warning">{T.requestPending[request]}</Alert>;
  if (contract.state === 'new') return <Alert severity="warning">{T.waiting}</Alert>;
  if (contract.state === 'adoption') return <Alert severity="info">{T.adopted}</Alert>;
  if (contract.state === 'canceled') return <Alert severity="warning">{T.canceledInfo(contract.validTo)}</Alert>;
  if (contract.type === 'ROLE_PHARMA' && contract.doctor && !contract.ownContract) return <Alert severity="info">{T.paidByPharmacy}</Alert>;
  return null;
}

function OptionList({ contract, onAsk, busy }: { contract: ContractDto; onAsk: (q: { title: string; text: string; confirmLabel: string; command: ContractCommand }) => void; busy: boolean }) {
  return (
    <Box>
      <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
        {T.options}
      </Typography>
      {contract.items.length === 0 ? (
        <Typography color="text.secondary">{CONTRACT_MESSAGES.noOptionsBooked}</Typography>
      ) : (
        <List dense aria-label={T.options} disablePadding>
          {contract.items.map((item) => (
            // The action sits beside the text, or below it on a narrow screen.
            <ListItem key={item._id} divider disableGutters sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
              <ListItemText
                sx={{ flex: '1 1 240px' }}
                primary={`${item.title} · ${item.required ? T.required : `${formatCents(item.price)} ${OPTION_INTERVAL_LABELS[item.interval]}`}`}
                secondary={`${T.optionColumns.bookedAt} ${formatDate(item.bookedAt)} · ${item.validTo ? `${T.optionColumns.validTo} ${item.validTo}` : item.interval === 'once' ? OPTION_INTERVAL_LABELS.once : T.runsOn}`}
              />
              {contract.actions.shop && <OptionAction item={item} onAsk={onAsk} busy={busy} />}
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

function OptionAction({ item, onAsk, busy }: { item: ContractOptionItemDto; onAsk: (q: { title: string; text: string; confirmLabel: string; command: ContractCommand }) => void; busy: boolean }) {
  if (item.required || item.interval === 'once') return null;
  if (item.validTo) {
    return (
      <Button size="small" disabled={busy} aria-label={`${T.revokeOption}: ${item.title}`} onClick={() => onAsk({ title: T.revokeOptionTitle, text: T.revokeOptionText(item.title), confirmLabel: T.revokeOption, command: { kind: 'options', options: [{ action: 'revoke', _id: item._id }] } })}>
        {T.revokeOption}
      </Button>
    );
  }
  return (
    <Button size="small" color="secondary" disabled={busy} aria-label={`${T.cancelOption}: ${item.title}`} onClick={() => onAsk({ title: T.cancelOptionTitle, text: T.cancelOptionText(item.title), confirmLabel: T.cancelOption, command: { kind: 'options', options: [{ action: 'cancel', _id: item._id }] } })}>
      {T.cancelOption}
    </Button>
  );
}
