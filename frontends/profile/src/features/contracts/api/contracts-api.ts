import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@mediport/api-client';
import type { ContractOptionChange, ContractRuntime, PackageType } from '@mediport/contracts/shop';

export const contractsKey = ['contracts'] as const;

/** GET /api/contracts: all of the caller's contracts and the products they may book. */
export function useContracts() {
  return useQuery({ queryKey: contractsKey, queryFn: () => callApi('GET /api/contracts', { query: { limit: -1 } }) });
}

/** A key per submit: a double click or a retry of the same submit is booked once. */
export function requestKey(): string {
  const random = globalThis.crypto?.randomUUID?.();
  return random ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** What the tab can do with a contract; each answers the server's German message. */
export type ContractCommand =
  | { kind: 'options'; options: ContractOptionChange[] }
  | { kind: 'runtime'; product: { runtime: ContractRuntime; type: PackageType } }
  | { kind: 'revert' }
  | { kind: 'cancel' }
  | { kind: 'adoption' }
  | { kind: 'accept' }
  | { kind: 'reject' }
  | { kind: 'withdraw' };

function send(id: string, command: ContractCommand, idempotencyKey: string): Promise<{ message: string }> {
  const params = { id };
  switch (command.kind) {
    case 'options':
      return callApi('PUT /api/contracts/:id', { params, body: { options: command.options, idempotencyKey } });
    case 'runtime':
      return callApi('PUT /api/contracts/:id', { params, body: { action: 'runtime_change', product: command.product, idempotencyKey } });
    case 'revert':
      return callApi('PUT /api/contracts/:id', { params, body: { action: 'revert_contract', idempotencyKey } });
    case 'cancel':
      return callApi('PUT /api/contracts/:id', { params, body: { action: 'cancel_contract', idempotencyKey } });
    case 'adoption':
      return callApi('POST /api/contracts/:id/adoption', { params, body: { idempotencyKey } });
    case 'accept':
      return callApi('PUT /api/contracts/:id/adoption/accept', { params, body: { idempotencyKey } });
    case 'reject':
      return callApi('PUT /api/contracts/:id/adoption/reject', { params, body: { idempotencyKey } });
    case 'withdraw':
      return callApi('POST /api/contracts/:id/adoption/withdraw', { params, body: { idempotencyKey } });
  }
}

/** One mutation for every contract command; the list is read again afterwards (success or refusal). */
export function useContractCommand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, command, key }: { id: string; command: ContractCommand; key: string }) => send(id, command, key),
    onSettled: () => client.invalidateQueries({ queryKey: contractsKey }),
  });
}
