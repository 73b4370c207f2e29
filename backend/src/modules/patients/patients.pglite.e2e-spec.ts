/**
 * The master-data lists in the embedded mode: on PGlite the demo master data is seeded at boot and the
 * infix name search runs on the pg_trgm extension and the search_text() function of migration 0004.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { PatientDto } from '@mediport/contracts';
import { login, type TestDatabase, useTestApp } from '../../testing/test-app.js';

let db: TestDatabase;
let app: NestExpressApplication;
useTestApp((booted) => {
  ({ app, db } = booted);
}, { DEMO: '' }, { forcePglite: true });

describe('master data on PGlite', () => {
  it('seeds the demo master data and finds patients and doctors by an infix of their names', async () => {
    expect(db.url).toBeNull();
    const { token } = await login(app, 'apotheke');
    const api = (path: string) => request(app.getHttpServer()).get(path).set('x-auth-token', token);
    expect((await api('/api/homes')).body.count).toBeGreaterThanOrEqual(3);
    expect((await api('/api/doctors')).body.count).toBeGreaterThanOrEqual(8);
    expect((await api('/api/doctors/offices')).body.count).toBeGreaterThanOrEqual(2);
    const all = (await api('/api/patients?limit=-1')).body as { data: PatientDto[]; count: number };
    expect(all.count).toBeGreaterThanOrEqual(60);
    const sample = all.data[7]!;
    const infix = sample.lastname.slice(1, 4);
    const found = (await api(`/api/patients?limit=-1&filter[text]=${encodeURIComponent(infix.toUpperCase())}`)).body as { data: PatientDto[]; count: number };
    expect(found.data.map((p) => p._id)).toContain(sample._id);
    expect(found.data.every((p) => `${p.firstname} ${p.lastname}`.toLowerCase().includes(infix.toLowerCase()))).toBe(true);
    expect((await api('/api/doctors?filter[text]=erge')).body.data.map((d: { lastname: string }) => d.lastname)).toContain('Berger');
  });
});
