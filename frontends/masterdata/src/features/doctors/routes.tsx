import type { RouteObject } from 'react-router-dom';

/** Routes of this feature, relative to the shell's router (filled by the feature's screens). */
export const doctorsRoutes: RouteObject[] = [];
