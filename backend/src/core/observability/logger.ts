import type { LoggerService, LogLevel } from '@nestjs/common';
import { type DestinationStream, type Level, type Logger, pino } from 'pino';
import type { LogLevelName } from '../config/app-config.js';
import { currentRequestId } from './request-id.middleware.js';

export type AppLogger = Logger;

/**
 * Field paths that never reach the log even if some code passes such an object (defence in depth:
 * the access log and the Nest adapter log no bodies or headers in the first place).
 */
const REDACT = ['password', '*.password', 'token', '*.token', 'authorization', '*.authorization', '*["x-auth-token"]', '*.headers'];

/** The process's JSON logger (one line per entry on stdout, or on `destination` in tests). */
export function createLogger(level: LogLevelName, destination?: DestinationStream): AppLogger {
  const options = {
    level,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    redact: { paths: REDACT, censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}

const NEST_TO_PINO: Record<LogLevel, Level> = { fatal: 'fatal', error: 'error', warn: 'warn', log: 'info', debug: 'debug', verbose: 'trace' };

/** The least severe pino level covering Nest's level list (e.g. `['error']` → error, `['log', 'warn', 'error']` → info). */
export function levelOfNestLevels(levels: false | readonly LogLevel[]): LogLevelName {
  if (levels === false || levels.length === 0) return 'silent';
  const order: Level[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'];
  return order.find((level) => levels.some((l) => NEST_TO_PINO[l] === level)) ?? 'silent';
}

/**
 * Nest's LoggerService over pino, so `new Logger('Ctx').log(...)` and Nest's own messages become the
 * same JSON lines as the access log, with `context` and the current request's `requestId`.
 * (A small adapter instead of nestjs-pino: its v5 requires Node ≥ 22 and we run on Node 20.)
 *
 * Nest calls `log(message, ...params, context)` and `error(message, stack?, context)`: the last
 * string parameter is the context; for error the one before it is the stack.
 */
export class PinoNestLogger implements LoggerService {
  constructor(readonly pino: AppLogger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: Level, message: unknown, params: unknown[]): void {
    if (!this.pino.isLevelEnabled(level)) return;
    const rest = [...params];
    const fields: Record<string, unknown> = {};
    if (rest.length && typeof rest[rest.length - 1] === 'string') fields.context = rest.pop();
    if (level === 'error' && typeof rest[rest.length - 1] === 'string') fields.stack = rest.pop();
    const requestId = currentRequestId();
    if (requestId) fields.requestId = requestId;
    if (message instanceof Error) {
      this.pino[level]({ ...fields, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.pino[level]({ ...fields, data: message });
    } else {
      this.pino[level](fields, String(message));
    }
  }
}
