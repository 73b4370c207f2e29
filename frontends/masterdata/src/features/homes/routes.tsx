import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '@mediport/api-client';
import { HomeDeletePage, HomeEditPage, HomeNewPage } from './components/home-form-page';
import { HomeGroupDeletePage } from './components/home-group-delete-page';
import { HomeListPage } from './components/home-list-page';

/**
 * Care homes and living areas (spec part 2 §2). Whoever may list homes may open one (read-only
 * without `editable`) and the living-area deletion page (admin, pharma, home, doctor; Löschen
 * follows the home's `groupsEditable`, as the server's home_group_edit_view does).
 */
export const homesRoutes: RouteObject[] = [
  {
    element: <RequirePermission name="home_list_view" />,
    children: [
      { path: 'einrichtungen', element: <HomeListPage /> },
      { path: 'pflegeeinrichtungen', element: <HomeListPage /> },
      { path: 'einrichtung/:id', element: <HomeEditPage /> },
      { path: 'pflegeeinrichtungen/bearbeiten/:id', element: <HomeEditPage /> },
      { path: 'einrichtung/:id/wohnbereich/:groupId/loeschen', element: <HomeGroupDeletePage /> },
    ],
  },
  {
    element: <RequirePermission name="home_create_view" />,
    children: [
      { path: 'einrichtung/neu', element: <HomeNewPage /> },
      { path: 'pflegeeinrichtung/neu', element: <HomeNewPage /> },
    ],
  },
  {
    element: <RequirePermission name="home_delete_view" />,
    children: [{ path: 'einrichtung/:id/loeschen', element: <HomeDeletePage /> }],
  },
];
