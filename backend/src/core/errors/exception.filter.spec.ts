import { BadRequestException, Logger, NotFoundException } from '@nestjs/common';
import { API_MESSAGES } from '@mediport/contracts';
import { AppError } from './app-error.js';
import { toErrorBody } from './exception.filter.js';

const logger = new Logger('test');
beforeAll(() => jest.spyOn(logger, 'error').mockImplementation(() => undefined));

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

  it('turns an unknown error into a 500 with a correlation id and no internals', () => {
    const body = toErrorBody(new Error('relation "users" does not exist'), logger);
    expect(body).toEqual({ statusCode: 500, errors: [{ code: 'internal', message: API_MESSAGES.internal }], correlationId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });
});
