import { useLayoutEffect, useState, type ReactNode } from 'react';
import { Router } from 'react-router-dom';
import { createGuardedHistory, type HistoryUpdate } from '../guarded-history';

/** `<BrowserRouter>` whose navigations wait for the unsaved-changes guards of the page. */
export function GuardedBrowserRouter({ children }: { children?: ReactNode }) {
  const [history] = useState(() => createGuardedHistory(window));
  const [state, setState] = useState<HistoryUpdate>(() => ({ action: history.action, location: history.location }));
  useLayoutEffect(() => history.listen(setState), [history]);
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  );
}
