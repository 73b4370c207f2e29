// The data set of the master-data benchmarks (bench/masterdata-list.mjs, bench/node-flags.mjs):
// deterministic homes with living areas, doctors and patients added straight through SQL on top of
// the backend's demo data, then VACUUM ANALYZE.
import { random } from './lib.mjs';

// ---------- deterministic data ----------

/** Search terms as a user types them: prefixes and infixes (3+ characters) of first and last names, one with two words. */
export const TERMS = [
  { label: 'prefix "Schm"', text: 'Schm' },
  { label: 'prefix "Hartm"', text: 'Hartm' },
  { label: 'infix "ller"', text: 'ller' },
  { label: 'infix "rich"', text: 'rich' },
  { label: 'infix "berg"', text: 'berg' },
  { label: 'full name "Gertrud Wolf"', text: 'Gertrud Wolf' },
];

const next = random(4711);
const pick = (list) => list[Math.floor(next() * list.length)];

const FIRST = ['Anna', 'Bernd', 'Christa', 'Dieter', 'Elfriede', 'Erika', 'Frank', 'Gertrud', 'Günter', 'Helga', 'Heinz', 'Hildegard', 'Horst', 'Ingrid', 'Irmgard', 'Joachim', 'Karl', 'Klaus', 'Lieselotte', 'Manfred', 'Margarete', 'Monika', 'Peter', 'Renate', 'Rolf', 'Sabine', 'Siegfried', 'Ursula', 'Waltraud', 'Werner', 'Wolfgang', 'Brigitte', 'Gisela', 'Helmut', 'Jürgen', 'Karin'];
const LAST_REAL = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Schäfer', 'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann', 'Braun', 'Krüger', 'Hofmann', 'Hartmann', 'Lange', 'Schmitt', 'Werner', 'Schmitz', 'Krause', 'Meier', 'Lehmann', 'Schmid', 'Schulze', 'Maier', 'Köhler', 'Herrmann', 'König', 'Walter', 'Mayer', 'Huber', 'Kaiser', 'Fuchs', 'Peters', 'Lang', 'Scholz', 'Möller', 'Weiß', 'Jung', 'Hahn', 'Schubert', 'Vogel', 'Friedrich', 'Keller', 'Günther', 'Frank', 'Berger', 'Winkler', 'Roth', 'Beck', 'Lorenz'];
const ROOTS = ['Acker', 'Birken', 'Dorn', 'Eichen', 'Falken', 'Gold', 'Haber', 'Linden', 'Mühl', 'Rosen', 'Stein', 'Tann', 'Wald', 'Wiesen', 'Brunn', 'Kirch', 'Lauter', 'Oster', 'Sonnen', 'Weide'];
const SUFFIXES = ['bach', 'berg', 'feld', 'hagen', 'mann', 'meier', 'ner', 'stedt', 'thal', 'wald'];
const LAST = [...LAST_REAL, ...ROOTS.flatMap((r) => SUFFIXES.map((s) => `${r}${s}`))];
const STREETS = ['Hauptstraße', 'Schulstraße', 'Gartenstraße', 'Bahnhofstraße', 'Dorfstraße', 'Bergstraße', 'Lindenstraße', 'Kirchweg', 'Am Markt', 'Parkallee'];
const CITIES = [['10115', 'Berlin'], ['14467', 'Potsdam'], ['20095', 'Hamburg'], ['04109', 'Leipzig'], ['01067', 'Dresden'], ['80331', 'München'], ['50667', 'Köln'], ['60311', 'Frankfurt am Main']];
const EXPERTISES = ['Allgemeinmedizin', 'Innere Medizin', 'Neurologie', 'Psychiatrie', 'Kardiologie', 'Urologie', 'Dermatologie', 'Orthopädie', 'Geriatrie', 'Augenheilkunde'];


// ---------- data ----------

/** Inserts rows column-wise through unnest (one statement per batch). */
async function insertColumns(client, table, columns, types, rows, batch = 5000) {
  for (let i = 0; i < rows.length; i += batch) {
    const part = rows.slice(i, i + batch);
    const arrays = columns.map((_, c) => part.map((r) => r[c]));
    const list = columns.map((c) => `"${c}"`).join(', ');
    const unnest = types.map((t, c) => `$${c + 1}::${t}[]`).join(', ');
    await client.query(`insert into "${table}" (${list}) select * from unnest(${unnest})`, arrays);
  }
}

/** Adds rows until there are `patients` patients, `doctors` doctors and `homes` homes; answers the counts. */
export async function seed(client, { patients: patientTarget, doctors: doctorTarget, homes: homeTarget }) {
  const count = async (table) => Number((await client.query(`select count(*)::int as n from "${table}"`)).rows[0].n);
  const homes = [];
  for (let i = await count('homes'); i < homeTarget; i++) {
    const [zip, city] = pick(CITIES);
    homes.push([`Pflegeheim ${pick(ROOTS)}${pick(SUFFIXES)} ${i + 1}`, `${pick(STREETS)} ${1 + Math.floor(next() * 80)}`, zip, city, `heim${i}@bench.example`, `0${30 + (i % 60)} ${100000 + i}`]);
  }
  await insertColumns(client, 'homes', ['name', 'street', 'postal_code', 'city', 'email', 'fax'], ['text', 'text', 'text', 'text', 'text', 'text'], homes);
  await client.query(`insert into home_groups (home_id, name) select h.id, g.name from homes h cross join (values ('Wohnbereich 1'), ('Wohnbereich 2'), ('Wohnbereich 3')) g(name) on conflict do nothing`);
  const groups = (await client.query('select id, home_id from home_groups')).rows;
  const homeIds = [...new Set(groups.map((g) => g.home_id))];
  const groupsOf = new Map(homeIds.map((h) => [h, groups.filter((g) => g.home_id === h).map((g) => g.id)]));

  const doctors = [];
  for (let i = await count('doctors'); i < doctorTarget; i++) {
    const [zip, city] = pick(CITIES);
    doctors.push(['Dr.', pick(FIRST), pick(LAST), pick(EXPERTISES), `${pick(STREETS)} ${1 + (i % 90)}`, zip, city, `praxis${i}@bench.example`, 'E-Mail']);
  }
  await insertColumns(client, 'doctors', ['title', 'firstname', 'lastname', 'expertise', 'street', 'postal_code', 'city', 'email', 'preferred'], ['text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text'], doctors);

  const patients = [];
  for (let i = await count('patients'); i < patientTarget; i++) {
    const home = homeIds[i % homeIds.length];
    const [zip, city] = pick(CITIES);
    const year = 1925 + Math.floor(next() * 40);
    const birth = `${year}-${String(1 + Math.floor(next() * 12)).padStart(2, '0')}-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`;
    patients.push([next() < 0.6 ? 'Frau' : 'Herr', pick(FIRST), pick(LAST), birth, `${pick(STREETS)} ${1 + (i % 90)}`, zip, city, home, pick(groupsOf.get(home))]);
  }
  await insertColumns(client, 'patients', ['salutation', 'firstname', 'lastname', 'date_of_birth', 'street', 'postal_code', 'city', 'home_id', 'home_group_id'], ['text', 'text', 'text', 'date', 'text', 'text', 'text', 'uuid', 'uuid'], patients);
  // What autovacuum does after a bulk load on a server: statistics, and the GIN indexes' own counts
  // (kept in their metapage and refreshed only by VACUUM), which the planner reads to price them.
  await client.query('vacuum analyze');
  return { patients: await count('patients'), doctors: await count('doctors'), homes: await count('homes') };
}

