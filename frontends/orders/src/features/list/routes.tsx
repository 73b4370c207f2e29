import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '@mediport/api-client';
import { PlaceholderPage } from '@mediport/ui';

/** The orders list (spec part 2 §2 Orders list); App.tsx mounts it. */
export const listRoutes: RouteObject[] = [
  { element: <RequirePermission name="task_list_view" />, children: [{ path: 'anforderungen', element: <PlaceholderPage title="Anforderungen" section="Aufträge und Abholung" /> }] },
];
