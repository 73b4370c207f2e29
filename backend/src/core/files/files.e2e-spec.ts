/**
 * The FileStore's bytes follow their rows (real database, real data folder): a file whose row is
 * not kept leaves nothing on disk, and a removed file keeps its bytes until the removal commits.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { UnitOfWork } from '../db/unit-of-work.js';
import { useTestApp } from '../../testing/test-app.js';
import { FilesService } from './files.service.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const OPTIONS = { accept: ['application/pdf' as const], message: 'Nur PDF', maxBytes: 1024 * 1024 };

let app: NestExpressApplication;
let dataDir: string;
let files: FilesService;
let unitOfWork: UnitOfWork;

useTestApp(async (booted) => {
  app = booted.app;
  dataDir = booted.db.dataDir;
  files = app.get(FilesService);
  unitOfWork = app.get(UnitOfWork);
});

function onDisk(): number {
  const root = path.join(dataDir, 'files');
  if (!existsSync(root)) return 0;
  return readdirSync(root).reduce((n, dir) => n + readdirSync(path.join(root, dir)).length, 0);
}

class Refused extends Error {}

describe('FilesService with the unit of work', () => {
  it('removes the bytes of a file saved in a unit of work that rolls back', async () => {
    const before = onDisk();
    let id = '';
    await expect(
      unitOfWork.run(async () => {
        id = (await files.save(PDF, OPTIONS)).id;
        expect(onDisk()).toBe(before + 1);
        throw new Refused();
      }),
    ).rejects.toBeInstanceOf(Refused);
    expect(onDisk()).toBe(before);
    expect(await files.read(id)).toBeNull();
  });

  it('keeps the bytes of a removed file when the removal rolls back, and drops them once it commits', async () => {
    const { id } = await files.save(PDF, OPTIONS);
    const before = onDisk();
    await expect(
      unitOfWork.run(async () => {
        await files.remove(id);
        throw new Refused();
      }),
    ).rejects.toBeInstanceOf(Refused);
    expect((await files.read(id))?.data.equals(PDF)).toBe(true);
    expect(onDisk()).toBe(before);

    await unitOfWork.run(() => files.remove(id));
    expect(await files.read(id)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onDisk()).toBe(before - 1);
  });

  it('removes the bytes at once outside a unit of work', async () => {
    const { id } = await files.save(PDF, OPTIONS);
    const before = onDisk();
    await files.remove(id);
    expect(onDisk()).toBe(before - 1);
  });
});
