import { preloadPages, useLazyRoutes } from '@mediport/ui';
import { masterdataRoutes } from './routes';

// The shell fetches this module as soon as it knows the opened page is ours: that page's chunk
// starts loading with it, and the App shows it once it is there (useLazyRoutes).
const opened = preloadPages(masterdataRoutes, window.location.pathname);

/** Exposed as `./App`: the routes of the master-data remote (routes.tsx), each page loaded when first shown. */
export default function App() {
  return useLazyRoutes(masterdataRoutes, opened);
}
