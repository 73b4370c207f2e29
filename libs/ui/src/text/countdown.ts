import { formatCount, type GermanCase } from './plural.js';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Time left as "3 Tage 04:05:06", "1 Tag 00:00:09" or "04:05:06" (no days part below one day);
 * `dative` for phrases like "Beginnt in 6 Tagen 04:05:06". Negative input counts as zero.
 */
export function formatCountdown(ms: number, grammaticalCase: GermanCase = 'nominative'): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86400);
  const clock = `${pad(Math.floor((total % 86400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${formatCount(days, 'day', grammaticalCase)} ${clock}` : clock;
}
