import type { MeetingInsert, MeetingsRepository } from './meetings.repository.js';

/** YYYY-MM-DD of today + `days` in Berlin. */
function berlinDate(now: Date, days: number): string {
  const shifted = new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(shifted);
}

/** Three demo webinars of the demo home (two) and the demo doctor: one still being planned, one in a week, one two weeks ago. */
export function demoMeetings(parties: { home: string | null; doctor: string | null }, now = new Date()): MeetingInsert[] {
  return [
    {
      contractId: '1001',
      optionId: 'webinar-einfuehrung',
      homeId: parties.home,
      company: 'Haus Sonnenschein',
      title: 'Einführung in das Medikationsportal',
      type: 'webinar',
      description: 'Grundlagen: Anforderungen anlegen, Nachrichten und Abholaufträge.',
      bookedAt: new Date(now.getTime() - 3 * 24 * 60 * 60 * 1000),
    },
    {
      contractId: '1001',
      optionId: 'webinar-rezepte',
      homeId: parties.home,
      company: 'Haus Sonnenschein',
      title: 'Rezeptanforderungen per Fax und E-Mail',
      type: 'webinar',
      date: berlinDate(now, 7),
      time: '14:00',
      system: 'Zoom',
      url: 'https://zoom.us/j/5550100',
      info: 'Bitte halten Sie Ihre Zugangsdaten bereit.',
      description: 'Rezeptanforderungen erzeugen und an Arztpraxen versenden.',
      bookedAt: new Date(now.getTime() - 10 * 24 * 60 * 60 * 1000),
    },
    {
      contractId: '1002',
      optionId: 'webinar-abrechnung',
      doctorId: parties.doctor,
      company: 'Praxis Dr. Anna Berger',
      title: 'Verträge und Abrechnung',
      type: 'webinar',
      date: berlinDate(now, -14),
      time: '10:00',
      system: 'Microsoft Teams',
      url: 'https://teams.microsoft.com/l/meetup-join/demo',
      info: 'Aufzeichnung auf Anfrage.',
      description: 'Vertragsübernahme, Optionen und Rechnungen.',
      bookedAt: new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000),
    },
  ];
}

/** Seeds the demo meetings once: only with the demo flag and an empty table. */
export async function seedDemoMeetings(repo: MeetingsRepository): Promise<boolean> {
  if (!(await repo.isEmpty())) return false;
  await repo.insertMany(demoMeetings(await repo.demoParties()));
  return true;
}
