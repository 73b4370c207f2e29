import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import type { SystemInfo } from '@mediport/contracts';
import { formatDate } from '@mediport/ui';
import { MESSAGES } from '../messages';

const pad = (n: number) => String(n).padStart(2, '0');

/** "{d} Tage hh:mm:ss" until the deadline; null when it has passed. */
export function countdown(deadline: Date, now: Date): string | null {
  let rest = Math.floor((deadline.getTime() - now.getTime()) / 1000);
  if (rest <= 0) return null;
  const d = Math.floor(rest / 86400);
  rest -= d * 86400;
  const h = Math.floor(rest / 3600);
  rest -= h * 3600;
  const m = Math.floor(rest / 60);
  return MESSAGES.countdown(d, pad(h), pad(m), pad(rest - m * 60));
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
    <Alert severity="info" sx={{ mb: 3 }} role="status">
      {MESSAGES.addressChange(formatDate(deadline), system?.url ?? '', left)}
    </Alert>
  );
}
