import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '@mediport/api-client';
import { MeetingDetailsPage } from './components/meeting-details-page';
import { MeetingEditPage } from './components/meeting-edit-page';
import { MeetingsListPage } from './components/meetings-list-page';

/** Routes of this feature; App.tsx mounts them. The edit path (not shown in the spec) is /v3/termine/{contractId}/{option}/bearbeiten. */
export const meetingsRoutes: RouteObject[] = [
  {
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
];
