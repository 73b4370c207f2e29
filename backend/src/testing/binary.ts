import type request from 'supertest';

/** supertest: the answer's body as the bytes sent (a PDF, a ZIP, an .xlsx), a Buffer. */
export function binary(req: request.Test): request.Test {
  return req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
}
