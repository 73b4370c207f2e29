import { BadRequestException, Logger, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { DrizzleQueryError } from 'drizzle-orm';
import { API_MESSAGES } from '@mediport/contracts';
import { AppError } from './app-error.js';
import { databaseErrorOf, describeForLog, toErrorBody } from './exception.filter.js';

const logger = new Logger('test');
let logged: string[] = [];
beforeAll(() => {
  jest.spyOn(logger, 'error').mockImplementation((message: unknown) => void logged.push(String(message)));
  jest.spyOn(logger, 'warn').mockImplementation((message: unknown) => void logged.push(String(message)));
});
beforeEach(() => {
  logged = [];
});

/** What pg / PGlite throw: a DatabaseError with SQLSTATE, severity and names; its message and detail may hold values. */
function pgError(code: string, extra: Record<string, string> = {}): Error {
  return Object.assign(new Error(`invalid input syntax for type uuid: "geheim-wert"`), { code, severity: 'ERROR', detail: 'Key (username)=(geheim-wert) already exists.', ...extra });
}

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
const queryError = (cause: Error) => new DrizzleQueryError('update "users" set "password_hash" = $1 where "users"."id" = $2', [HASH, 'geheim-wert'], cause);

describe('toErrorBody', () => {
  it('keeps domain errors as they are', () => {
    expect(toErrorBody(AppError.contractRequired(), logger)).toEqual({ statusCode: 403, errors: [{ code: 'contract_required', message: API_MESSAGES.contractRequired }] });
  });

  it.each([
    { title: 'Nest 404', error: new NotFoundException(), status: 404 },
    { title: 'Nest 400', error: new BadRequestException('internal detail'), status: 400 },
    { title: 'body-parser error', error: Object.assign(new SyntaxError('Unexpected token'), { status: 400, type: 'entity.parse.failed' }), status: 400 },
    { title: 'payload too large', error: Object.assign(new Error('too large'), { status: 413 }), status: 413 },
  ])('maps $title to $status with a German message and no internals', ({ error, status }) => {
    const body = toErrorBody(error, logger);
    expect(body.statusCode).toBe(status);
    expect(JSON.stringify(body)).not.toMatch(/internal detail|Unexpected token|too large/);
  });

  it('answers a body over the limit with "Die Anfrage ist zu groß." and a file over the limit with "Die Datei ist zu groß."', () => {
    const body = Object.assign(new Error('request entity too large'), { status: 413, type: 'entity.too.large' });
    expect(toErrorBody(body, logger)).toEqual({ statusCode: 413, errors: [{ code: 'payload_too_large', message: API_MESSAGES.requestTooLarge }] });
    const file = new PayloadTooLargeException('File too large', { cause: Object.assign(new Error('File too large'), { code: 'LIMIT_FILE_SIZE' }) });
    expect(toErrorBody(file, logger)).toEqual({ statusCode: 413, errors: [{ code: 'payload_too_large', message: 'Die Datei ist zu groß.' }] });
  });

  it('turns an unknown error into a 500 with a correlation id and no internals', () => {
    const body = toErrorBody(new Error('relation "users" does not exist'), logger);
    expect(body).toEqual({ statusCode: 500, errors: [{ code: 'internal', message: API_MESSAGES.internal }], correlationId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('uses the request id as the correlation id when it has one', () => {
    const body = toErrorBody(new Error('boom'), logger, 'req-42.a_b');
    expect(body.correlationId).toBe('req-42.a_b');
    expect(logged.join('\n')).toContain('Unexpected error req-42.a_b');
  });

  it.each(['22P05', '22021', '22001', '22P02', '23503'])('answers the client-fault SQLSTATE %s with a German 400, as a last safety net', (code) => {
    const body = toErrorBody(queryError(pgError(code)), logger);
    expect(body).toEqual({ statusCode: 400, errors: [{ code: 'invalid', message: API_MESSAGES.invalidInput }], correlationId: expect.any(String) });
    expect(logged.join('\n')).toContain(`code=${code}`);
  });

  it('keeps a 500 for database errors that are not the client’s fault', () => {
    expect(toErrorBody(queryError(pgError('53300')), logger).statusCode).toBe(500);
  });

  it.each([
    { title: 'a failed query', error: queryError(pgError('23505', { constraint: 'users_username_lower_idx', table: 'users' })) },
    { title: 'a failed query without SQLSTATE', error: queryError(new Error('connection terminated')) },
    { title: 'a driver error on its own', error: pgError('22P02') },
    { title: 'an error quoting a failed query', error: new Error(`wrapped: Failed query: update "users" set "password_hash" = $1\nparams: ${HASH},geheim-wert`) },
  ])('logs $title without SQL text, parameter values or row data', ({ error }) => {
    const body = toErrorBody(error, logger);
    const log = logged.join('\n');
    expect(log).toContain(body.correlationId!);
    expect(log).not.toMatch(/argon2id|geheim-wert|password_hash|update "users"/);
  });

  it('logs the error class, SQLSTATE and constraint of a database error', () => {
    const error = queryError(pgError('23505', { constraint: 'users_username_lower_idx', table: 'users' }));
    expect(databaseErrorOf(error)).toEqual({ code: '23505', constraint: 'users_username_lower_idx', table: 'users', column: undefined });
    expect(describeForLog(error)).toBe('DrizzleQueryError (code=23505 constraint=users_username_lower_idx table=users)');
  });

  it('still logs the stack of an error that is not a database error', () => {
    toErrorBody(new TypeError('x is not a function'), logger);
    expect(logged.join('\n')).toMatch(/TypeError: x is not a function\n\s+at /);
  });
});
