import type { PrefetchRequest } from './list-url.js';

/**
 * What each remote publishes as its federation module `./nav` (beside `./App`): the paths it
 * renders and its sidebar entries. The shell builds its routing and sidebar from these at run
 * time, so a remote adds a page and its menu entry without the shell being rebuilt.
 */
export interface RemoteManifest {
  /** Federation name of the remote ("orders", "masterdata", …). */
  name: string;
  /** German name of the area, shown when the remote cannot be reached. */
  area: string;
  /**
   * Paths the remote renders (its `./App` gets every path that matches). A pattern matches the
   * path itself and everything below it ("/profil" → "/profil", "/profil/dokumente/4"); a
   * trailing `*` matches any continuation ("/patient*" → "/patienten", "/patient/4"); `:name`
   * matches one segment ("/patient/:id/auftraege"). The most specific match wins: more path
   * segments first, then the longer pattern.
   */
  routePrefixes: string[];
  /** Sidebar sections the remote fills (several remotes may add to one section by its id). */
  sections: NavSection[];
  /** Sidebar entries, in their section ordered by `order` (then as listed). */
  nav: NavItem[];
  /**
   * The GETs the remote's page at `location` makes first (its list's first page), so the shell can
   * start them while the remote's code still loads; the page's own request then takes the answer
   * (api-client `prefetchGet`). Pure: reads the location only.
   */
  prefetch?: (location: { pathname: string; search: string }) => PrefetchRequest[];
}

export interface NavSection {
  /** Stable id the entries refer to ("orders", "masterdata", …). */
  id: string;
  /** German header; none for the plain top and bottom groups (Dashboard, Profil). */
  title?: string;
  /** Permission the user needs to see the section at all. */
  permission?: string;
  /** Position in the sidebar (the shell's Dashboard group is 0). */
  order: number;
}

export interface NavItem {
  /** Id of the section the entry belongs to. */
  section: string;
  /** German label. */
  label: string;
  path: string;
  /** Permission needed (held fully or `_own`); none = shown to every signed-in user. */
  permission?: string;
  /**
   * What the entry does while the user holds `permission` only as `_required_contract` (no
   * contract yet): 'locked' (default) shows it with a lock that opens "Vertrag benötigt!",
   * 'hidden' leaves it out.
   */
  contractLock?: 'locked' | 'hidden';
  order?: number;
}
