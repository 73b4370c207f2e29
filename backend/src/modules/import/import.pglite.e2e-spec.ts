/**
 * The import in the embedded mode: on PGlite the advisory lock, the batched inserts and the
 * multi-row updates run as on PostgreSQL, and a second import of the same file writes nothing.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { login, type TestDatabase, useTestApp } from '../../testing/test-app.js';
import { day } from '../tasks/testing/task-world.js';
import { cells, csvFile, HEADERS, xlsxFile } from './testing/import-files.js';

let db: TestDatabase;
let app: NestExpressApplication;
useTestApp((booted) => {
  ({ app, db } = booted);
}, { DEMO: '' }, { forcePglite: true });

describe('the import on PGlite', () => {
  it('imports, updates and leaves unchanged by the natural keys', async () => {
    expect(db.url).toBeNull();
    const { token } = await login(app, 'apotheke');
    const put = (file: Buffer, fields: Record<string, string> = {}) => {
      const req = request(app.getHttpServer()).put('/api/import/task').set('x-auth-token', token);
      for (const [k, v] of Object.entries(fields)) req.field(k, v);
      return req.attach('file', file, { filename: 'p.xlsx' });
    };
    const row = (amount: number, group: string) =>
      cells({ home: 'Haus Lite', homeGroup: group, lastname: 'Lite', firstname: 'Paula', dateOfBirth: '05.06.1935', medicine: 'Pglitezol', dose: '1-0-0', amount, type: 'Selbstkauf', latestDelivery: day(3) });
    const first = await put(await xlsxFile([HEADERS, row(1, 'Nord')]), { insertHomes: 'true', insertHomeGroups: 'true' });
    expect(first.body).toEqual({ homes: { nInserted: 1 }, homeGroups: { nInserted: 1 }, patients: { nUpserted: 1 }, doctors: { nUpserted: 0 }, tasks: { nUpserted: 1 } });
    const changed = await put(csvFile([HEADERS, row(4, 'Süd')]), { insertHomeGroups: 'true' });
    expect(changed.body).toEqual({ homes: { nInserted: 0 }, homeGroups: { nInserted: 1 }, patients: { nUpserted: 1 }, doctors: { nUpserted: 0 }, tasks: { nUpserted: 1 } });
    const again = await put(csvFile([HEADERS, row(4, 'Süd')]));
    expect(again.body).toEqual({ homes: { nInserted: 0 }, homeGroups: { nInserted: 0 }, patients: { nUpserted: 0 }, doctors: { nUpserted: 0 }, tasks: { nUpserted: 0 } });
    const list = await request(app.getHttpServer()).get('/api/tasks?filter[text]=Pglitezol').set('x-auth-token', token);
    expect(list.body.data).toEqual([expect.objectContaining({ amount: 4, livingArea: 'Süd', status: 'new' })]);
  });
});
