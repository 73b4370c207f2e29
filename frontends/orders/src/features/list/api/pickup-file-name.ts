/** Date and time parts in Berlin time, whatever the browser's zone and language (h23: midnight is 00, not 24). */
const BERLIN = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * The download name of a pickup sheet (the PDF of POST /api/tasks/pickup):
 * `abholauftrag_YYYYMMDD_HHmmss.pdf`, the moment in Berlin time.
 */
export function pickupFileName(date: Date): string {
  const part = Object.fromEntries(BERLIN.formatToParts(date).map((p) => [p.type, p.value]));
  return `abholauftrag_${part.year}${part.month}${part.day}_${part.hour}${part.minute}${part.second}.pdf`;
}
