import type { NavItem, NavSection, RemoteManifest } from '@mediport/contracts';
import { grantOf } from '@mediport/permissions';
import type { RemoteNavStatus } from '../federation/remote-nav';
import { AREA_LABELS } from '../../messages';

/** The shell's own part of the sidebar: the Dashboard on top. Everything else the remotes publish. */
export const SHELL_NAV: Pick<RemoteManifest, 'sections' | 'nav'> = {
  sections: [{ id: 'start', order: 0 }],
  nav: [{ section: 'start', label: 'Dashboard', path: '/', permission: 'dashboard_view' }],
};

export interface VisibleItem {
  label: string;
  to: string;
  locked: boolean;
}

export interface VisibleSection {
  /** Section header; none for the plain top and bottom groups. */
  title?: string;
  items: VisibleItem[];
  /** Set when the section's remote cannot be reached: the German note is shown instead of items. */
  unavailable?: { remote: string };
}

const isGranted = (permissions: readonly string[], name: string) => {
  const g = grantOf(permissions, name);
  return g === 'all' || g === 'own';
};

function visibleItem(permissions: readonly string[], item: NavItem): VisibleItem | null {
  if (!item.permission) return { label: item.label, to: item.path, locked: false };
  const g = grantOf(permissions, item.permission);
  if (g === 'all' || g === 'own') return { label: item.label, to: item.path, locked: false };
  if (g === 'locked' && item.contractLock !== 'hidden') return { label: item.label, to: item.path, locked: true };
  return null;
}

interface Slot {
  section: NavSection;
  /** Index of the publisher (shell first, then the remotes in registration order): ties in `order`. */
  rank: number;
  items: Array<{ item: NavItem; rank: number; index: number }>;
  /** Remotes of this section that are down. */
  down: string[];
}

/**
 * What a user sees, merged from the shell's entries and what each loaded remote publishes:
 * sections in `order`; items held fully or own-only, items held only `_required_contract` as
 * locked; a section only with its permission and at least one visible item. A remote that is
 * down shows its section (as it was last seen, else under its area name) with a note.
 */
export function visibleSidebar(permissions: readonly string[], remotes: readonly RemoteNavStatus[]): VisibleSection[] {
  const slots = new Map<string, Slot>();
  const addSections = (sections: readonly NavSection[], rank: number) => {
    for (const section of sections) if (!slots.has(section.id)) slots.set(section.id, { section, rank, items: [], down: [] });
  };
  const addItems = (nav: readonly NavItem[], rank: number) =>
    nav.forEach((item, index) => slots.get(item.section)?.items.push({ item, rank, index }));

  addSections(SHELL_NAV.sections, 0);
  remotes.forEach((r, i) => {
    if (r.status === 'ok') addSections(r.manifest.sections, i + 1);
  });
  addItems(SHELL_NAV.nav, 0);
  remotes.forEach((r, i) => {
    if (r.status === 'ok') addItems(r.manifest.nav, i + 1);
  });
  remotes.forEach((r, i) => {
    if (r.status !== 'down') return;
    // Where the remote's entries would be: its sections as last seen, or one under its area name.
    const known = r.remembered?.sections ?? [];
    // Never seen: where the shipped remotes put their sections (orders 10, masterdata 20, admin 30 in
    // registration order), so the note stands where the area usually is.
    const sections: NavSection[] = known.length > 0 ? known : [{ id: `remote:${r.name}`, order: (i + 1) * 10 }];
    const title = r.remembered?.area ?? (AREA_LABELS as Record<string, string>)[r.name] ?? r.name;
    for (const s of sections) {
      const slot = slots.get(s.id) ?? { section: { ...s, title: s.title ?? title }, rank: i + 1, items: [], down: [] };
      slot.down.push(r.name);
      slots.set(s.id, slot);
    }
  });

  const out: VisibleSection[] = [];
  const ordered = [...slots.values()].sort((a, b) => a.section.order - b.section.order || a.rank - b.rank);
  for (const slot of ordered) {
    if (slot.section.permission && !isGranted(permissions, slot.section.permission)) continue;
    const items = slot.items
      .sort((a, b) => (a.item.order ?? 0) - (b.item.order ?? 0) || a.rank - b.rank || a.index - b.index)
      .map(({ item }) => visibleItem(permissions, item))
      .filter((i): i is VisibleItem => i !== null);
    const [downRemote] = slot.down;
    if (downRemote) {
      // A header is needed to say which area is missing, also for the plain groups.
      const title = slot.section.title ?? (AREA_LABELS as Record<string, string>)[downRemote] ?? downRemote;
      out.push({ title, items, unavailable: { remote: downRemote } });
    } else if (items.length > 0) {
      out.push({ title: slot.section.title, items });
    }
  }
  return out;
}
