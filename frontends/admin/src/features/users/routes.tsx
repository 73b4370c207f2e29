import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '@mediport/api-client';
import { UserCardsPage } from './components/user-cards-page';
import { UserDetailsPage } from './components/user-details-page';
import { UserCreatePage, UserEditPage } from './components/user-form-pages';
import { UserListPage } from './components/user-list-page';
import { UserDeletePage, UserReactivatePage } from './components/user-status-pages';

/** Routes of this feature; App.tsx mounts them. */
export const usersRoutes: RouteObject[] = [
  {
    element: <RequirePermission name="user_list_view" />,
    children: [
      { path: 'nutzer', element: <UserListPage /> },
      { path: 'v3/nutzer', element: <UserCardsPage /> },
      { path: 'v3/nutzer/details/:id', element: <UserDetailsPage /> },
      {
        element: <RequirePermission name="user_create_view" />,
        children: [
          { path: 'nutzer/neu', element: <UserCreatePage variant="legacy" /> },
          { path: 'v3/nutzer/neu', element: <UserCreatePage variant="v3" /> },
        ],
      },
      {
        element: <RequirePermission name="user-edit-btn" />,
        children: [
          { path: 'nutzer/:id', element: <UserEditPage variant="legacy" /> },
          { path: 'nutzer/:id/loeschen', element: <UserDeletePage /> },
          { path: 'nutzer/:id/reaktivieren', element: <UserReactivatePage /> },
          { path: 'v3/nutzer/bearbeiten/:id', element: <UserEditPage variant="v3" /> },
        ],
      },
    ],
  },
];
