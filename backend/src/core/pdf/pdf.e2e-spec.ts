import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { useTestApp } from '../../testing/test-app.js';
import { PdfUnavailableError } from './pdf.errors.js';
import { PdfService } from './pdf.service.js';

/** The failures below are logged by design; keep the test output for real failures. */
const QUIET = { LOG_LEVEL: 'fatal' };
const PROBES = ['/api/health', '/api/health/ready'];

describe('the PDF service in the health probes', () => {
  let app: NestExpressApplication;
  useTestApp((booted) => {
    ({ app } = booted);
  }, QUIET);
  const api = () => request(app.getHttpServer());

  it('shows the browser idle until the first PDF, then warm, in liveness and readiness', async () => {
    for (const probe of PROBES) {
      const res = await api().get(probe);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('ok');
      expect(res.body.info.pdf).toEqual({ status: 'up', browser: 'idle', busy: 0, queued: 0, launches: 0, concurrency: 4 });
    }
    const pdf = await app.get(PdfService).renderHtml('<!DOCTYPE html><html lang="de"><body><p>Grüße</p></body></html>');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    for (const probe of PROBES) {
      const res = await api().get(probe);
      expect(res.status).toBe(200);
      expect(res.body.info.pdf).toEqual({ status: 'up', browser: 'warm', busy: 0, queued: 0, launches: 1, concurrency: 4 });
    }
  });
});

describe('the PDF service without Chromium', () => {
  let app: NestExpressApplication;
  useTestApp(
    (booted) => {
      ({ app } = booted);
    },
    { CHROMIUM_PATH: '/nonexistent/chromium', PDF_CONCURRENCY: '2', ...QUIET },
  );
  const api = () => request(app.getHttpServer());

  it('leaves the instance live and ready, marked degraded, naming no path', async () => {
    for (const probe of PROBES) {
      const res = await api().get(probe);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('degraded');
      expect(res.body.info.pdf).toEqual({ status: 'degraded', browser: 'unavailable', busy: 0, queued: 0, launches: 0, concurrency: 2 });
      expect(JSON.stringify(res.body)).not.toContain('nonexistent');
    }
  });

  it('refuses a render with 503 and stays degraded, not down', async () => {
    const error = await app
      .get(PdfService)
      .renderHtml('<p>x</p>')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PdfUnavailableError);
    expect(error).toMatchObject({ status: 503, reason: 'browser_missing' });
    const ready = await api().get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.info.database.status).toBe('up');
    expect(ready.body.info.pdf.status).toBe('degraded');
  });
});
