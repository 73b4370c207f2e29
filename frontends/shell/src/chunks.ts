// No runtime imports but the loader: index.ts starts these chunks before the shared modules are ready.
import { Loader } from './features/router/loader';

/** The signed-in part of the shell (signed-in.tsx): layout, sidebar, query client, remote routes. */
export const signedInChunk = new Loader(() => import(/* webpackChunkName: "signed-in" */ './signed-in'));

/** The login page: not in the first script, so a signed-in visit does not fetch it. */
export const loginChunk = new Loader(() => import(/* webpackChunkName: "page-login" */ './pages/login-page'));

/** The dashboard (/): not in the signed-in frame, so a page of a remote does not fetch it. */
export const dashboardChunk = new Loader(() => import(/* webpackChunkName: "page-dashboard" */ './pages/dashboard-page'));
