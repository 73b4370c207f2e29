import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '@mediport/api-client';
import { PlaceholderPage } from '@mediport/ui';

/** Routes of this feature; App.tsx mounts them. */
export const settingsRoutes: RouteObject[] = [
  {
    element: <RequirePermission name="settings_list" />,
    children: [
      { path: 'einstellungen', element: <PlaceholderPage title="Einstellungen" section="Administration" /> },
    ],
  },
];
