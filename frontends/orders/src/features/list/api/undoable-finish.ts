import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TASK_MESSAGES } from '@mediport/contracts';
import { callApi, dismissToast, toast } from '@mediport/api-client';
import { LIST_TEXTS as T } from '../messages';
import { TASKS_KEY } from './tasks-api';

/** How long "Vorgang abschließen" can be taken back with "Rückgängig" before it is sent. */
export const FINISH_UNDO_MS = 5000;

interface Waiting {
  timer: ReturnType<typeof setTimeout>;
  toastKey: string;
}

/**
 * "Vorgang abschließen" with a way back: the toast 'Auftrag wurde abgeschlossen' offers
 * "Rückgängig" for FINISH_UNDO_MS; only then is PUT /api/tasks/{id} `{status: 'finished'}` sent.
 * "Rückgängig" drops it unsent. Leaving the list inside the window sends it at once, closing or
 * reloading the page sends it as a keep-alive request, so a finish is never lost.
 * `finishing` holds the orders finished here whose change is still waiting or on its way.
 */
export function useUndoableFinish() {
  const client = useQueryClient();
  const waiting = useRef(new Map<string, Waiting>());
  const [finishing, setFinishing] = useState<ReadonlySet<string>>(new Set());
  const mark = (id: string, on: boolean) =>
    setFinishing((old) => {
      if (old.has(id) === on) return old;
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  /** Sends the waiting finish of `id`: after the window, or `early` (leaving the list, unloading the page). */
  const send = useRef((id: string, { early = false, keepalive = false } = {}) => {
    const entry = waiting.current.get(id);
    if (!entry) return;
    clearTimeout(entry.timer);
    waiting.current.delete(id);
    // The way back is gone: its toast must not offer it any longer.
    if (early) dismissToast(entry.toastKey);
    callApi('PUT /api/tasks/:id', { params: { id }, body: { status: 'finished' }, keepalive })
      .catch(() => undefined) // the common handler has shown the error; the row shows the server's state again
      .then(() => client.invalidateQueries({ queryKey: [TASKS_KEY] }))
      .finally(() => mark(id, false));
  });

  const finish = useCallback((id: string) => {
    if (waiting.current.has(id)) return;
    const toastKey = `finish-${id}-${Date.now()}`;
    const timer = setTimeout(() => send.current(id), FINISH_UNDO_MS);
    waiting.current.set(id, { timer, toastKey });
    mark(id, true);
    toast(TASK_MESSAGES.finished, 'success', {
      key: toastKey,
      autoHideMs: FINISH_UNDO_MS,
      action: {
        label: T.undo,
        onClick: () => {
          const entry = waiting.current.get(id);
          if (!entry) return;
          clearTimeout(entry.timer);
          waiting.current.delete(id);
          mark(id, false);
        },
      },
    });
  }, []);

  useEffect(() => {
    const all = waiting.current;
    const flush = (keepalive: boolean) => {
      for (const id of [...all.keys()]) send.current(id, { early: true, keepalive });
    };
    // Closing or reloading the page inside the window: a keep-alive request outlives the page.
    const onPageHide = () => flush(true);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      // Leaving the list for another route inside the window: the finish goes now, not never.
      flush(false);
    };
  }, []);

  return { finish, finishing };
}
