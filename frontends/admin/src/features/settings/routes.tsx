import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '@mediport/api-client';
import { SettingsPage } from './components/settings-page';

/** Routes of this feature; App.tsx mounts them. */
export const settingsRoutes: RouteObject[] = [
  {
    element: <RequirePermission name="settings_list" />,
    children: [{ path: 'einstellungen', element: <SettingsPage /> }],
  },
];
