import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiBody, ApiResponse } from '@mediport/contracts';
import { exportFileName, type ImportCounts, type ImportProgress, importSuccessText } from '@mediport/contracts/import';
import { ApiError, callApi, handleApiError, saveBlob, toast } from '@mediport/api-client';
import { TASKS_KEY } from '../../list/api/tasks-api';
import { IMPORT_TEXTS as T } from '../messages';

/** What the page sends beside the file. */
export interface ImportInput {
  file: File;
  filterPharma: string;
  insertHomes: boolean;
  insertHomeGroups: boolean;
}

/** How often the progress is asked while an upload runs. */
export const PROGRESS_POLL_MS = 250;

/** A random UUID v4 (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function jobId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function formOf(input: ImportInput): FormData {
  const form = new FormData();
  form.append('filterPharma', input.filterPharma);
  form.append('insertHomes', String(input.insertHomes));
  form.append('insertHomeGroups', String(input.insertHomeGroups));
  form.append('file', input.file, input.file.name);
  return form;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type UploadRoute = 'PUT /api/import/task' | 'POST /api/import/task/preview';

/**
 * Sends the file under a new job id and, until the answer arrives, asks the server how far the
 * job has come (bytes received, rows read, checked and written). Errors come back to the page,
 * which lists them (a 401 still goes through the common handler).
 */
async function upload<R extends UploadRoute>(route: R, input: ImportInput, onProgress: (progress: ImportProgress) => void): Promise<ApiResponse<R>> {
  const job = jobId();
  let answered = false;
  onProgress({ phase: 'waiting', done: 0, total: 0, rows: 0 });
  void (async () => {
    while (!answered) {
      await sleep(PROGRESS_POLL_MS);
      if (answered) return;
      try {
        const progress = await callApi('GET /api/import/task/progress', { query: { job }, handleErrors: false });
        if (!answered) onProgress(progress);
      } catch {
        // The progress is a courtesy: the upload's own answer decides.
      }
    }
  })();
  try {
    return await callApi(route, { body: formOf(input) as ApiBody<R>, query: { job }, handleErrors: false });
  } finally {
    answered = true;
  }
}

const signInAgainOn401 = (error: unknown) => {
  if (error instanceof ApiError && error.status === 401) handleApiError(error);
};

/** POST /api/import/task/preview: the dry run. */
export function useImportPreview(onProgress: (progress: ImportProgress) => void) {
  return useMutation({ mutationFn: (input: ImportInput) => upload('POST /api/import/task/preview', input, onProgress), onError: signInAgainOn401 });
}

/** PUT /api/import/task: the import; its counts are the toast ('Daten erfolgreich importiert'), and the orders list loads again. */
export function useRunImport(onProgress: (progress: ImportProgress) => void, onDone: (counts: ImportCounts) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportInput) => upload('PUT /api/import/task', input, onProgress),
    onSuccess: async (counts) => {
      toast(importSuccessText(counts), 'success');
      onDone(counts);
      await client.invalidateQueries({ queryKey: [TASKS_KEY] });
    },
    onError: signInAgainOn401,
  });
}

/** GET /api/import/task/template: "Vorlage herunterladen". */
export function useDownloadTemplate() {
  return useMutation({
    mutationFn: () => callApi('GET /api/import/task/template'),
    onSuccess: (blob) => saveBlob(blob, T.templateName),
  });
}

/** GET /api/tasks/export with the orders list's filters and sort: the download "Exportieren (Excel)". */
export function useExportTasks() {
  return useMutation({
    mutationFn: (query: Record<string, string | number>) => {
      // The export holds the whole selection, not one page of it.
      const { offset: _offset, limit: _limit, ...filters } = query;
      return callApi('GET /api/tasks/export', { query: filters });
    },
    onSuccess: (blob) => saveBlob(blob, exportFileName()),
  });
}
