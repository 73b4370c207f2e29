import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { SOCKET_EVENTS, type SocketEventPayloads } from '@mediport/contracts';
import { authToken, subscribeAuth } from './auth-store.js';
import { apiBaseUrl, refreshPrefetched } from './http.js';

/**
 * The live channel: one socket.io connection per browser tab, opened by the shell while someone is
 * signed in (useLiveChannel), shared by the shell and every remote through this singleton module
 * (module federation shares @mediport/api-client once). Remotes only listen (useLiveEvent); no
 * remote opens its own connection. Payloads carry ids only: a listener refetches through the API.
 */

export type LiveEvent = typeof SOCKET_EVENTS.newTask | typeof SOCKET_EVENTS.newEvent | typeof SOCKET_EVENTS.taskChanged;
type AnyHandler = (payload: unknown) => void;

/** The area events the server announces (the gateway's own ready/unauthorized/reauth are handled here). */
const AREA_EVENTS: readonly LiveEvent[] = [SOCKET_EVENTS.newTask, SOCKET_EVENTS.newEvent, SOCKET_EVENTS.taskChanged];

const handlers = new Map<LiveEvent, Set<AnyHandler>>();
/** Called each time the channel has joined its rooms (first connection and every reconnection). */
const joinedHandlers = new Set<() => void>();
/** Called when the server says what the user may do changed (a contract, roles, the rights matrix). */
const reauthHandlers = new Set<() => void>();
let socket: Socket | null = null;
let socketToken: string | null = null;
/** The connection being opened (socket.io-client loads on first use); a newer sync() supersedes it. */
let opening: object | null = null;
let holders = 0;
let stopAuth: (() => void) | null = null;

/**
 * Hands an arrived socket event to every listener. The socket calls it; component tests call it
 * too, as the socket boundary (like their fake network is the HTTP boundary).
 */
export function receiveLiveEvent<E extends LiveEvent>(event: E, payload: SocketEventPayloads[E]): void {
  for (const handler of [...(handlers.get(event) ?? [])]) handler(payload);
}

/**
 * Tells every onLiveJoined listener that the channel (re)joined its rooms; the socket calls it.
 * Answers fetched ahead (prefetchGet) may predate the join: they are asked again.
 */
export function receiveLiveJoined(): void {
  refreshPrefetched();
  for (const handler of [...joinedHandlers]) handler();
}

/**
 * Calls `handler` each time the channel has joined its rooms: data loaded before that moment may
 * have missed announcements and is loaded again (the shell refetches the queries on screen).
 */
export function onLiveJoined(handler: () => void): () => void {
  joinedHandlers.add(handler);
  return () => {
    joinedHandlers.delete(handler);
  };
}

/**
 * Tells every onLiveReauth listener that the user's rights changed; the socket calls it (component
 * tests too, as the socket boundary).
 */
export function receiveLiveReauth(): void {
  for (const handler of [...reauthHandlers]) handler();
}

/**
 * Calls `handler` when the server says the user's rights changed (`reauth`: a contract taken over
 * or ended, roles, the rights matrix): the shell re-reads the signed-in record, so locked features
 * unlock (or lock) on the open page without a reload.
 */
export function onLiveReauth(handler: () => void): () => void {
  reauthHandlers.add(handler);
  return () => {
    reauthHandlers.delete(handler);
  };
}

/** Component tests have no socket server: frontends/common/jest.setup.cjs switches the connection off. */
function switchedOff(): boolean {
  return (globalThis as { __MEDIPORT_LIVE_OFF__?: boolean }).__MEDIPORT_LIVE_OFF__ === true;
}

function open(io: typeof import('socket.io-client').io, token: string): Socket {
  const base = apiBaseUrl();
  const s = io(base || undefined, { path: '/socket.io', auth: { token }, transports: ['websocket', 'polling'] });
  for (const event of AREA_EVENTS) s.on(event, (payload: SocketEventPayloads[typeof event]) => receiveLiveEvent(event, payload));
  // Rooms joined: what was loaded before may have missed an announcement (the page loads its data
  // while the channel still connects, and nothing is heard while it is down).
  s.on(SOCKET_EVENTS.ready, () => receiveLiveJoined());
  // What the user may see changed: connect again with the same token to join the new rooms.
  s.on(SOCKET_EVENTS.reauth, () => {
    receiveLiveReauth();
    s.disconnect();
    if (socket === s) {
      socket = null;
      socketToken = null;
      sync();
    }
  });
  // The session ended: the next API call answers 401 and the shell signs out; stay quiet until then.
  s.on(SOCKET_EVENTS.unauthorized, () => s.disconnect());
  return s;
}

/**
 * Connects, reconnects with a new token, or disconnects, following the stored login. The client
 * library is loaded only here, so the login page does not carry it.
 */
function sync(): void {
  const token = holders > 0 && !switchedOff() ? authToken() : null;
  if ((socket || opening) && socketToken === token) return;
  socket?.disconnect();
  socket = null;
  socketToken = token;
  const ticket = token ? {} : null;
  opening = ticket;
  if (!token) return;
  void import('socket.io-client').then(({ io }) => {
    if (opening !== ticket) return;
    opening = null;
    socket = open(io, token);
  });
}

/** Opens the channel (counted: closes when the last holder stops). Answers the stop function. */
export function startLiveChannel(): () => void {
  holders++;
  stopAuth ??= subscribeAuth(() => sync());
  sync();
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    holders--;
    if (holders === 0) {
      stopAuth?.();
      stopAuth = null;
    }
    sync();
  };
}

/** The shell's signed-in frame holds the channel open with this. */
export function useLiveChannel(): void {
  useEffect(() => startLiveChannel(), []);
}

/** Calls `handler` for each `event` the server announces to this user; answers the function that stops it. */
export function onLiveEvent<E extends LiveEvent>(event: E, handler: (payload: SocketEventPayloads[E]) => void): () => void {
  const listener = handler as AnyHandler;
  const set = handlers.get(event) ?? new Set<AnyHandler>();
  handlers.set(event, set);
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

/** onLiveEvent for as long as the component is mounted. */
export function useLiveEvent<E extends LiveEvent>(event: E, handler: (payload: SocketEventPayloads[E]) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => onLiveEvent(event, (payload) => latest.current(payload)), [event]);
}
