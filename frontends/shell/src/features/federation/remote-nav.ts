// No runtime imports here: index.ts loads this before the shared modules (react, …) are ready.
import type { NavItem, NavSection, RemoteManifest } from '@mediport/contracts';

/** What the shell knows about one remote's `./nav`. */
export type RemoteNavStatus =
  | { name: string; status: 'loading' }
  | { name: string; status: 'ok'; manifest: RemoteManifest }
  /** Unreachable (or too slow): `remembered` is what it published the last time this browser saw it. */
  | { name: string; status: 'down'; remembered: RememberedRemote | null }
  /** Not loaded: the signed-in user lacks the permission its area needs (loaded when a path needs it). */
  | { name: string; status: 'skipped' };

/** The part of a manifest kept for an outage: where the note goes and which paths get the panel. */
export type RememberedRemote = Pick<RemoteManifest, 'area' | 'routePrefixes' | 'sections'>;

export interface RemoteNavState {
  /** True once every remote to be loaded answered or timed out (skipped ones do not count). */
  settled: boolean;
  remotes: RemoteNavStatus[];
}

export type NavLoader = (name: string) => Promise<unknown>;

const MEMORY_KEY = 'mediport.remoteNav';
/** A remote slower than this counts as down (it still appears when it answers later). */
export const NAV_TIMEOUT_MS = 5000;

function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string');
}

function isSection(v: unknown): v is NavSection {
  const s = v as NavSection;
  return !!s && typeof s.id === 'string' && typeof s.order === 'number';
}

function isItem(v: unknown): v is NavItem {
  const i = v as NavItem;
  return !!i && typeof i.section === 'string' && typeof i.label === 'string' && typeof i.path === 'string' && i.path.startsWith('/');
}

/** The module's manifest when it is one (`export default` or `export const manifest`), else null. */
export function asManifest(mod: unknown, name: string): RemoteManifest | null {
  if (!mod || typeof mod !== 'object') return null;
  const m = ((mod as { default?: unknown }).default ?? (mod as { manifest?: unknown }).manifest) as RemoteManifest | undefined;
  if (!m || typeof m !== 'object' || m.name !== name || typeof m.area !== 'string') return null;
  if (!isStringArray(m.routePrefixes) || !Array.isArray(m.sections) || !m.sections.every(isSection)) return null;
  if (!Array.isArray(m.nav) || !m.nav.every(isItem)) return null;
  return m;
}

function readMemory(): Record<string, RememberedRemote> {
  try {
    const raw = globalThis.localStorage?.getItem(MEMORY_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, RememberedRemote>) : {};
  } catch {
    return {};
  }
}

function remember(manifest: RemoteManifest): void {
  try {
    const memory = readMemory();
    memory[manifest.name] = { area: manifest.area, routePrefixes: manifest.routePrefixes, sections: manifest.sections };
    globalThis.localStorage?.setItem(MEMORY_KEY, JSON.stringify(memory));
  } catch {
    // A full or blocked storage only costs the outage hint.
  }
}

function rememberedOf(name: string): RememberedRemote | null {
  const r = readMemory()[name];
  return r && isStringArray(r.routePrefixes) && Array.isArray(r.sections) && r.sections.every(isSection) ? r : null;
}

/**
 * Loads the `./nav` of every remote the user needs (`wanted`: the user holds the permission of
 * its area) in parallel, each with a timeout, and keeps the result for the sidebar and the
 * routing; the others are 'skipped' and load only when asked for (`loadSkipped`: a path none of
 * the loaded remotes renders; `refresh`: the signed-in user changed). Listeners hear about each
 * remote as it settles.
 */
export class RemoteNavStore {
  private state: RemoteNavState = { settled: true, remotes: [] };
  private readonly listeners = new Set<() => void>();
  private started = false;

  constructor(
    private readonly names: () => readonly string[],
    private readonly load: NavLoader,
    private readonly timeoutMs = NAV_TIMEOUT_MS,
    private readonly wanted: (name: string) => boolean = () => true,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): RemoteNavState => {
    this.start();
    return this.state;
  };

  /** Starts loading once; later calls return at once. */
  start(): void {
    if (this.started) return;
    this.started = true;
    const names = this.names();
    const remotes = names.map((name): RemoteNavStatus => (this.wanted(name) ? { name, status: 'loading' } : { name, status: 'skipped' }));
    this.state = { settled: remotes.every((r) => r.status !== 'loading'), remotes };
    for (const r of remotes) if (r.status === 'loading') void this.loadOne(r.name);
  }

  /** Loads the skipped remotes that `which` selects (all by default). */
  loadSkipped(which: (name: string) => boolean = () => true): void {
    const names = this.state.remotes.filter((r) => r.status === 'skipped' && which(r.name)).map((r) => r.name);
    if (names.length === 0) return;
    for (const name of names) this.set({ name, status: 'loading' });
    for (const name of names) void this.loadOne(name);
  }

  /** The signed-in user changed: the remotes now needed and not yet loaded load. */
  refresh(): void {
    if (!this.started) return;
    this.loadSkipped(this.wanted);
  }

  private set(next: RemoteNavStatus): void {
    const remotes = this.state.remotes.map((r) => (r.name === next.name ? next : r));
    this.state = { settled: remotes.every((r) => r.status !== 'loading'), remotes };
    for (const l of this.listeners) l();
  }

  private async loadOne(name: string): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.timeoutMs);
    });
    const loaded = this.load(name).then(
      (mod) => asManifest(mod, name),
      () => null,
    );
    const first = await Promise.race([loaded, timeout]);
    clearTimeout(timer);
    if (first === 'timeout') {
      this.set({ name, status: 'down', remembered: rememberedOf(name) });
      // A slow remote still takes its place when it answers.
      const late = await loaded;
      if (late) this.accept(late);
      return;
    }
    if (first) this.accept(first);
    else this.set({ name, status: 'down', remembered: rememberedOf(name) });
  }

  private accept(manifest: RemoteManifest): void {
    remember(manifest);
    this.set({ name: manifest.name, status: 'ok', manifest });
  }
}

let store: RemoteNavStore | null = null;

/** Installs the app's store (index.ts: the registered remotes and the federation loader). */
export function configureRemoteNav(next: RemoteNavStore): void {
  store = next;
}

export function remoteNavStore(): RemoteNavStore | null {
  return store;
}
