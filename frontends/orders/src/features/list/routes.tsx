import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '@mediport/api-client';
import { TaskListPage } from './components/task-list-page';

/** The orders list (spec part 2 §2 Orders list); App.tsx mounts it. */
export const listRoutes: RouteObject[] = [{ element: <RequirePermission name="task_list_view" />, children: [{ path: 'anforderungen', element: <TaskListPage /> }] }];
