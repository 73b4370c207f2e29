// No runtime imports but the loader: index.ts starts this chunk before the shared modules are ready.
import { Loader } from './router/loader';

/** The signed-in part of the shell (signed-in.tsx), one chunk after sign-in. */
export const signedInChunk = new Loader(() => import(/* webpackChunkName: "signed-in" */ './signed-in'));
