import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '@mediport/api-client';
import { lazyModule, lazyPage, PlaceholderPage } from '@mediport/ui';
import { ADMIN_AREA } from './messages';

// One chunk per page file: the user list does not fetch the user form, the rights matrix or the meetings.
const UserListPage = lazyPage(() => import(/* webpackChunkName: "page-user-list" */ './pages/user-list-page').then((m) => m.UserListPage));
const UserCardsPage = lazyPage(() => import(/* webpackChunkName: "page-user-cards" */ './pages/user-cards-page').then((m) => m.UserCardsPage));
const UserDetailsPage = lazyPage(() => import(/* webpackChunkName: "page-user-details" */ './pages/user-details-page').then((m) => m.UserDetailsPage));
const userForms = lazyModule(() => import(/* webpackChunkName: "page-user-form" */ './pages/user-form-pages'));
const UserCreatePage = userForms.page((m) => m.UserCreatePage);
const UserEditPage = userForms.page((m) => m.UserEditPage);
const userStatus = lazyModule(() => import(/* webpackChunkName: "page-user-status" */ './pages/user-status-pages'));
const UserDeletePage = userStatus.page((m) => m.UserDeletePage);
const UserReactivatePage = userStatus.page((m) => m.UserReactivatePage);
const AclPage = lazyPage(() => import(/* webpackChunkName: "page-acl" */ './pages/acl-page').then((m) => m.AclPage));
const MeetingsListPage = lazyPage(() => import(/* webpackChunkName: "page-meetings-list" */ './pages/meetings-list-page').then((m) => m.MeetingsListPage));
const MeetingDetailsPage = lazyPage(() => import(/* webpackChunkName: "page-meeting-details" */ './pages/meeting-details-page').then((m) => m.MeetingDetailsPage));
const MeetingEditPage = lazyPage(() => import(/* webpackChunkName: "page-meeting-edit" */ './pages/meeting-edit-page').then((m) => m.MeetingEditPage));
const OutboxPage = lazyPage(() => import(/* webpackChunkName: "page-outbox" */ './pages/outbox-page').then((m) => m.OutboxPage));
const SettingsPage = lazyPage(() => import(/* webpackChunkName: "page-settings" */ './pages/settings-page').then((m) => m.SettingsPage));

/** Routes of the administration remote, relative to the shell's router; App.tsx renders them. */
export const adminRoutes: RouteObject[] = [
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
  { element: <RequirePermission name="acl_list_view" />, children: [{ path: 'v3/acl', element: <AclPage /> }] },
  {
    // Editing a meeting: /v3/termine/{contractId}/{option}/bearbeiten.
    element: <RequirePermission name="meeting_list_view" />,
    children: [
      { path: 'v3/termine', element: <MeetingsListPage /> },
      { path: 'v3/termine/:id', element: <MeetingDetailsPage /> },
      {
        element: <RequirePermission name="meeting_edit_view" redirectTo="/v3/termine" />,
        children: [{ path: 'v3/termine/:contractId/:option/bearbeiten', element: <MeetingEditPage /> }],
      },
    ],
  },
  { element: <RequirePermission name="settings_list" />, children: [{ path: 'einstellungen', element: <SettingsPage /> }] },
  { element: <RequirePermission name="outbox_list_view" />, children: [{ path: 'v3/postausgang', element: <OutboxPage /> }] },
  { path: '*', element: <PlaceholderPage title={ADMIN_AREA} /> },
];
