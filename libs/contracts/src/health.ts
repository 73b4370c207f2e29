/** Liveness and readiness probes (/api/health, /api/health/ready), in @nestjs/terminus' shape. */

/** One check of a probe: its status, plus what the check reports (e.g. `message`). */
export interface HealthCheckEntry {
  status: 'up' | 'degraded' | 'down';
  [detail: string]: unknown;
}

/** Answer of GET /api/health and GET /api/health/ready (status 503 with `status: 'error'` when a check is down). */
export interface HealthResponse {
  status: 'ok' | 'error' | 'degraded' | 'shutting_down';
  /** The checks that are up. */
  info?: Partial<Record<string, HealthCheckEntry>>;
  /** The checks that are down. */
  error?: Partial<Record<string, HealthCheckEntry>>;
  /** Every check. */
  details: Record<string, HealthCheckEntry>;
}
