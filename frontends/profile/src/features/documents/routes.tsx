import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '@mediport/api-client';
import { DocumentsAdminPage } from './documents-admin-page';

/** /profil/dokumente/{userId}: placing documents for a user (profile_document_manage_view). */
export const documentRoutes: RouteObject[] = [
  {
    element: <RequirePermission name="profile_document_manage_view" />,
    children: [{ path: 'profil/dokumente/:userId', element: <DocumentsAdminPage /> }],
  },
];
