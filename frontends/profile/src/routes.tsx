import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '@mediport/api-client';
import { lazyPage } from '@mediport/ui';

const ProfilePage = lazyPage(() => import(/* webpackChunkName: "page-profile" */ './pages/profile-page').then((m) => m.ProfilePage));
const DocumentsAdminPage = lazyPage(() => import(/* webpackChunkName: "page-documents-admin" */ './pages/documents-admin-page').then((m) => m.DocumentsAdminPage));

/** Routes of the profile remote, relative to the shell's router; App.tsx renders them. */
export const profileRoutes: RouteObject[] = [
  // /profil/dokumente/{userId}: placing documents for a user (profile_document_manage_view).
  { element: <RequirePermission name="profile_document_manage_view" />, children: [{ path: 'profil/dokumente/:userId', element: <DocumentsAdminPage /> }] },
  { path: 'profil', element: <ProfilePage /> },
  { path: 'profil/*', element: <ProfilePage /> },
];
