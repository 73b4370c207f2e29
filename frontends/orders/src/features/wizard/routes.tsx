import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '@mediport/api-client';
import { ErrorPanel, PlaceholderPage, UI_MESSAGES } from '@mediport/ui';

const locked = <ErrorPanel title={UI_MESSAGES.contractRequiredTitle} message={UI_MESSAGES.contractRequiredText} />;

/** The order wizard and its legacy routes (spec part 2 §2 Order wizard and order form); App.tsx mounts them. */
export const wizardRoutes: RouteObject[] = [
  {
    element: <RequirePermission name="task_create_view" locked={locked} />,
    children: [{ path: 'v3/anforderung/neu', element: <PlaceholderPage title="Neue Anforderung" section="Aufträge und Abholung" /> }],
  },
];
