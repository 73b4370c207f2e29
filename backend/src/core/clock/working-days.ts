/** The wall clock of Germany (Europe/Berlin), by which working days and hours are counted. */
const BERLIN = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Berlin',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
}

function wallClock(at: Date): WallClock {
  const parts = Object.fromEntries(BERLIN.formatToParts(at).map((p) => [p.type, p.value]));
  return { year: +parts.year!, month: +parts.month!, day: +parts.day!, hour: +parts.hour!, minute: +parts.minute!, second: +parts.second!, ms: at.getUTCMilliseconds() };
}

const asUtc = (w: WallClock) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.ms);

/** The instant a Berlin wall-clock time stands for (the later one in the autumn's repeated hour). */
function instantOf(w: WallClock): Date {
  let guess = asUtc(w);
  // Two rounds settle the offset also next to a daylight-saving change.
  for (let i = 0; i < 2; i++) guess = asUtc(w) - (asUtc(wallClock(new Date(guess))) - guess);
  return new Date(guess);
}

/** Day of the week of a calendar date (0 Sunday … 6 Saturday). */
const weekday = (w: WallClock) => new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();
const isWeekend = (w: WallClock) => weekday(w) === 0 || weekday(w) === 6;

/** The calendar date `days` later, same time of day. */
function plusDays(w: WallClock, days: number): WallClock {
  const d = new Date(Date.UTC(w.year, w.month - 1, w.day + days));
  return { ...w, year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/**
 * `start` plus `days` working days (Monday to Friday, German time; public holidays are not known):
 * the same time of day that many working days later. Time on a Saturday or Sunday does not count,
 * so a start at the weekend counts from Monday 00:00. Friday 10:00 + 2 → Tuesday 10:00.
 */
export function addWorkingDays(start: Date, days: number): Date {
  let w = wallClock(start);
  if (isWeekend(w)) {
    w = { ...w, hour: 0, minute: 0, second: 0, ms: 0 };
    while (isWeekend(w)) w = plusDays(w, 1);
  }
  for (let left = days; left > 0; ) {
    w = plusDays(w, 1);
    if (!isWeekend(w)) left -= 1;
  }
  return instantOf(w);
}
