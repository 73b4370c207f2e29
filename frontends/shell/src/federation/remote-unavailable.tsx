import { ErrorPanel } from '@mediport/ui';
import { AREA_LABELS, MESSAGES } from '../messages';

function areaLabel(remote: string): string {
  return (AREA_LABELS as Record<string, string>)[remote] ?? remote;
}

/** German error panel for a remote that cannot be loaded; the layout around it keeps working. */
export function RemoteUnavailable({ remote, onRetry }: { remote: string; onRetry?: () => void }) {
  return (
    <ErrorPanel title={MESSAGES.remoteUnavailableTitle} message={MESSAGES.remoteUnavailable(areaLabel(remote))} onRetry={onRetry} />
  );
}

/** The module `errorLoadRemote` hands out instead of the remote's `./App`. */
export function unavailableModule(remote: string) {
  const Fallback = () => <RemoteUnavailable remote={remote} onRetry={() => window.location.reload()} />;
  return { default: Fallback, __unavailable: true };
}
