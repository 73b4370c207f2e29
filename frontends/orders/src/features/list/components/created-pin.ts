import { useSearchParams } from 'react-router-dom';
import type { TaskDto } from '@mediport/contracts';
import type { FilterChip, ListState, PinnedRows } from '@mediport/ui';
import { useTask } from '../api/tasks-api';
import { LIST_TEXTS as T } from '../messages';
import { CREATED_PARAM } from '../../wizard/messages';

/**
 * The order just saved (`?created=<id>`, set by the wizard) for a list of orders: pinned above the
 * rows, highlighted, whether or not it is on the current page or matches the filters (then asked
 * for by GET /api/tasks/{id}), with the chip "Neu angelegt" that removes the parameter and the pin.
 */
export function useCreatedPin(list: Pick<ListState<string>, 'setParams'>, rows: TaskDto[] | undefined): { pinned?: PinnedRows<TaskDto>; chip?: FilterChip } {
  const [params] = useSearchParams();
  const id = params.get(CREATED_PARAM);
  const onPage = id ? rows?.find((t) => t._id === id) : undefined;
  const fetched = useTask(id);
  if (!id) return {};
  const task = onPage ?? (fetched.data?._id === id ? fetched.data : undefined);
  return {
    pinned: task ? { rows: [task], label: T.created } : undefined,
    chip: { key: CREATED_PARAM, label: T.created, color: 'warning', onDelete: () => list.setParams({ [CREATED_PARAM]: null }) },
  };
}
