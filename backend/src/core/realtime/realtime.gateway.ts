import { Logger } from '@nestjs/common';
import { type OnGatewayConnection, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { API_MESSAGES, SOCKET_EVENTS } from '@mediport/contracts';
import { AUTH_HEADER } from '../auth/current-auth.decorator.js';
import type { AuthContext } from '../auth/auth-context.js';
import { SessionService } from '../auth/session.service.js';

export const rooms = {
  user: (id: string) => `user:${id}`,
  home: (id: string) => `home:${id}`,
  doctor: (id: string) => `doctor:${id}`,
  role: (role: string) => `role:${role}`,
};

/** Room names a signed-in socket joins: its user, home, doctor and each role. */
export function roomsFor(auth: AuthContext): string[] {
  const out = [rooms.user(auth.userId), ...auth.user.roles.map(rooms.role)];
  if (auth.user.homeId) out.push(rooms.home(auth.user.homeId));
  if (auth.user.doctorId) out.push(rooms.doctor(auth.user.doctorId));
  return out;
}

/**
 * socket.io at /socket.io. Authenticates with the API token on connect (handshake auth.token or
 * the x-auth-token header); on failure it emits 'unauthorized' and disconnects.
 */
@WebSocketGateway({ path: '/socket.io', cors: { origin: true } })
export class RealtimeGateway implements OnGatewayConnection {
  private readonly logger = new Logger('Realtime');
  @WebSocketServer() server!: Server;

  constructor(private readonly sessions: SessionService) {}

  async handleConnection(client: Socket): Promise<void> {
    const fromAuth = (client.handshake.auth as { token?: unknown } | undefined)?.token;
    const header = client.handshake.headers[AUTH_HEADER];
    const token = typeof fromAuth === 'string' ? fromAuth : Array.isArray(header) ? header[0] : header;
    try {
      const auth = await this.sessions.authenticate(token);
      if (!auth) return this.reject(client);
      client.data.userId = auth.userId;
      await client.join(roomsFor(auth));
      client.emit('ready', { rooms: roomsFor(auth) });
    } catch (error) {
      this.logger.warn(`Socket authentication failed: ${error instanceof Error ? error.message : String(error)}`);
      this.reject(client);
    }
  }

  private reject(client: Socket): void {
    client.emit(SOCKET_EVENTS.unauthorized, { message: API_MESSAGES.unauthenticated });
    client.disconnect(true);
  }

  /** Sends an event to a room (user:<id>, home:<id>, doctor:<id>, role:<ROLE>). */
  emitTo(room: string, event: string, payload: unknown): void {
    this.server.to(room).emit(event, payload);
  }
}
