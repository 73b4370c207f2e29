import { ErrorPanel } from '@mediport/ui/core';
import { AREA_LABELS, MESSAGES } from '../../../messages';

function areaLabel(remote: string): string {
  return (AREA_LABELS as Record<string, string>)[remote] ?? remote;
}

/**
 * German error panel for a remote (or, when the path's owner is unknown, the remotes) that cannot
 * be loaded; the layout around it keeps working.
 */
export function RemoteUnavailable({ remote, onRetry }: { remote: string | readonly string[]; onRetry?: () => void }) {
  const areas = (typeof remote === 'string' ? [remote] : remote).map(areaLabel);
  const message = areas.length === 1 ? MESSAGES.remoteUnavailable(areas[0]!) : MESSAGES.remotesUnavailable(areas);
  return <ErrorPanel title={MESSAGES.remoteUnavailableTitle} message={message} onRetry={onRetry} />;
}

/** The module `errorLoadRemote` hands out instead of the remote's `./App`. */
export function unavailableModule(remote: string) {
  const Fallback = () => <RemoteUnavailable remote={remote} onRetry={() => window.location.reload()} />;
  return { default: Fallback, __unavailable: true };
}
