import type { NestExpressApplication } from '@nestjs/platform-express';
import { and, eq } from 'drizzle-orm';
import type { AuthRecord } from '@mediport/contracts';
import { berlinToday, formatGermanDate } from '@mediport/validation';
import type { Database } from '../../../core/db/database.js';
import { DB } from '../../../core/db/db.module.js';
import { doctorOffices, doctors, homeGroups, homes, patients, tasks } from '../../../db/schema/index.js';
import { type DemoUsername, loginAll } from '../../../testing/test-app.js';

/**
 * What the order specs stand on: the signed-in demo users; heim's home with a patient in living
 * area A and one without a living area; another home and its patient; arzt's doctor (Berger) and a
 * doctor of another practice.
 */
export interface TaskWorld {
  database: Database;
  demo: Record<DemoUsername, AuthRecord>;
  ownHome: string;
  ownPatient: string;
  ownPatientNoGroup: string;
  otherHome: string;
  otherPatient: string;
  ownDoctor: string;
  otherDoctor: string;
  /**
   * A task written straight into the table: type 1, status new, heim's patient (living area A) for
   * Dr. Berger unless `values` say otherwise; `medicine` defaults to `<prefix> <n>`, unique per world.
   */
  insertTask(values?: Partial<typeof tasks.$inferInsert>, prefix?: string): Promise<string>;
}

export async function taskWorld(app: NestExpressApplication): Promise<TaskWorld> {
  const database = app.get<Database>(DB, { strict: false });
  const demo = await loginAll(app);
  const ownHome = demo.heim.home!._id;
  const ownDoctor = demo.arzt.doctor!._id;
  const patient = async (values: typeof patients.$inferInsert) => (await database.insert(patients).values(values).returning({ id: patients.id }))[0]!.id;
  const [groupA] = await database.select({ id: homeGroups.id }).from(homeGroups).where(and(eq(homeGroups.homeId, ownHome), eq(homeGroups.name, 'Wohnbereich A')));
  const [other] = await database.select({ id: homes.id }).from(homes).where(eq(homes.name, 'Seniorenresidenz Am Stadtpark'));
  const [office] = await database.insert(doctorOffices).values({ name: 'Praxis Anderswo', street: 'Weg 1', zip: '10115', city: 'Berlin', phone: '030 1' }).returning({ id: doctorOffices.id });
  let seq = 0;
  const world: Omit<TaskWorld, 'insertTask'> = {
    database,
    demo,
    ownHome,
    ownDoctor,
    ownPatient: await patient({ firstname: 'Olga', lastname: 'Eigenheim', dateOfBirth: '1940-02-03', homeId: ownHome, homeGroupId: groupA!.id }),
    ownPatientNoGroup: await patient({ firstname: 'Norbert', lastname: 'Ohnebereich', dateOfBirth: '1941-02-03', homeId: ownHome }),
    otherHome: other!.id,
    otherPatient: await patient({ firstname: 'Fritz', lastname: 'Fremdheim', dateOfBirth: '1939-02-03', homeId: other!.id }),
    otherDoctor: (await database.insert(doctors).values({ title: 'Dr.', firstname: 'Otto', lastname: 'Anderer', email: 'otto@anderswo.de', officeId: office!.id }).returning({ id: doctors.id }))[0]!.id,
  };
  const insertTask = async (values: Partial<typeof tasks.$inferInsert> = {}, prefix = 'Testmittel'): Promise<string> => {
    seq += 1;
    const [row] = await database
      .insert(tasks)
      .values({ type: 1, medicine: `${prefix} ${seq}`, dose: '1-0-1', amount: 2, patientId: world.ownPatient, homeId: ownHome, doctorId: ownDoctor, ...values })
      .returning({ id: tasks.id });
    return row!.id;
  };
  return { ...world, insertTask };
}

/** Today (Berlin) plus `days`, as DD.MM.YYYY. */
export function day(days: number): string {
  const [y, m, d] = berlinToday().split('-').map(Number) as [number, number, number];
  return formatGermanDate(new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10));
}
