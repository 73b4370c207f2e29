import type { Database } from '../../../core/db/database.js';
import { doctors } from '../../../db/schema/index.js';

let seq = 0;

/** A doctor written straight into the table ('Dr. <firstname> <lastname><n>'), with the given address and preferred way. */
export async function insertDoctor(database: Database, values: Partial<typeof doctors.$inferInsert>, name: { firstname: string; lastname: string }): Promise<string> {
  seq += 1;
  const [row] = await database.insert(doctors).values({ title: 'Dr.', firstname: name.firstname, lastname: `${name.lastname}${seq}`, ...values }).returning({ id: doctors.id });
  return row!.id;
}
