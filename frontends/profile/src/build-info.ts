declare const __PROFILE_BUILD_VERSION__: string | undefined;

/** The build of the profile remote that is running (set by its webpack config; 'dev' in tests). */
export const PROFILE_BUILD_VERSION: string = typeof __PROFILE_BUILD_VERSION__ === 'string' ? __PROFILE_BUILD_VERSION__ : 'dev';
