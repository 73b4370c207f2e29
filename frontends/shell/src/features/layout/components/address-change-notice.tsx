import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import type { SystemInfo } from '@mediport/contracts';
import { formatCountdown, formatDate } from '@mediport/ui';
import { MESSAGES } from '../../../messages';

/** "{d} Tage hh:mm:ss" until the deadline; null when it has passed. */
export function countdown(deadline: Date, now: Date): string | null {
  const left = deadline.getTime() - now.getTime();
  return left >= 1000 ? formatCountdown(left) : null;
}

/** Notice of the future web address with a live countdown (only while the deadline is ahead). */
export function AddressChangeNotice({ system }: { system: SystemInfo | null | undefined }) {
  const [now, setNow] = useState(() => new Date());
  const deadline = system?.deadline ? new Date(system.deadline) : null;
  const valid = !!deadline && !Number.isNaN(deadline.getTime());
  useEffect(() => {
    if (!valid) return;
    const t = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(t);
  }, [valid]);
  if (!valid || !deadline) return null;
  const left = countdown(deadline, now);
  if (!left) return null;
  return (
    // A note, not a live region: the countdown changes every second and must not be read out each time.
    <Alert severity="info" sx={{ mb: 3 }} role="note">
      {MESSAGES.addressChange(formatDate(deadline), system?.url ?? '', left)}
    </Alert>
  );
}
