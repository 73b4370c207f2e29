import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '@mediport/api-client';
import { ErrorPanel, lazyPage, PlaceholderPage, UI_MESSAGES } from '@mediport/ui';

// One chunk per page: the list does not fetch the wizard's forms, the wizard not the list.
const TaskListPage = lazyPage(() => import(/* webpackChunkName: "page-task-list" */ './pages/task-list-page').then((m) => m.TaskListPage));
const OrderWizardPage = lazyPage(() => import(/* webpackChunkName: "page-order-wizard" */ './pages/order-wizard-page').then((m) => m.OrderWizardPage));
const PatientOrdersPage = lazyPage(() => import(/* webpackChunkName: "page-patient-orders" */ './pages/patient-orders-page').then((m) => m.PatientOrdersPage));
const PickupListPage = lazyPage(() => import(/* webpackChunkName: "page-pickup-list" */ './pages/pickup-list-page').then((m) => m.PickupListPage));
const DocumentRequestPage = lazyPage(() => import(/* webpackChunkName: "page-document-request" */ './pages/document-request-page').then((m) => m.DocumentRequestPage));
const RequestTrackerPage = lazyPage(() => import(/* webpackChunkName: "page-request-tracker" */ './pages/request-tracker-page').then((m) => m.RequestTrackerPage));
const TaskImportPage = lazyPage(() => import(/* webpackChunkName: "page-task-import" */ './pages/task-import-page').then((m) => m.TaskImportPage));

const SECTION = 'Aufträge und Abholung';

// Opened by URL while only the contract-locked right is held (the sidebar entry opens the dialog instead).
const locked = <ErrorPanel title={UI_MESSAGES.contractRequiredTitle} message={UI_MESSAGES.contractRequiredText} />;

/** Routes of the orders remote, relative to the shell's router; App.tsx renders them. */
export const ordersRoutes: RouteObject[] = [
  { element: <RequirePermission name="task_list_view" />, children: [{ path: 'anforderungen', element: <TaskListPage /> }] },
  {
    element: <RequirePermission name="task_create_view" locked={locked} />,
    children: [
      { path: 'v3/anforderung/neu', element: <OrderWizardPage mode="new" /> },
      { path: 'anforderung/neu/:patientId', element: <OrderWizardPage mode="new" /> },
      {
        // A copy is the re-order action ('Nachbestellen (Vorlage)', also contract-locked).
        element: <RequirePermission name="task_action_template_view" locked={locked} />,
        children: [
          { path: 'v3/anforderung/neu/:taskId', element: <OrderWizardPage mode="copy" /> },
          { path: 'anforderung/neu/:patientId/:copyTaskId', element: <OrderWizardPage mode="copy" /> },
        ],
      },
    ],
  },
  {
    // Editing is its own right (catalogue: task_action_edit_view → /v3/anforderungen/bearbeiten/{id}, PUT /api/tasks/{id}).
    element: <RequirePermission name="task_action_edit_view" />,
    children: [
      { path: 'v3/anforderungen/bearbeiten/:editId', element: <OrderWizardPage mode="edit" /> },
      { path: 'anforderung/edit/:patientId/:taskId', element: <OrderWizardPage mode="edit" /> },
    ],
  },
  {
    element: <RequirePermission name="task_list_view" />,
    children: [
      { path: 'anforderung/patient/:patientId', element: <PatientOrdersPage /> },
      { path: 'patient/:patientId/auftraege', element: <PatientOrdersPage /> },
    ],
  },
  // The drivers' pickup list.
  {
    element: <RequirePermission name="pickup_list_view" />,
    children: [
      { path: 'v3/abholauftraege', element: <PickupListPage /> },
      { path: 'abholauftraege', element: <PickupListPage /> },
    ],
  },
  {
    element: <RequirePermission name="task_create_recipe_requirement" />,
    children: [
      { path: 'anforderungen/erzeugen', element: <DocumentRequestPage /> },
      // The requests sent, each order's state and history (angefordert … Rezept eingegangen).
      { path: 'anforderungen/rezeptanforderungen', element: <RequestTrackerPage /> },
    ],
  },
  { element: <RequirePermission name="task_import_view" />, children: [{ path: 'anforderungen/import', element: <TaskImportPage /> }] },
  { path: '*', element: <PlaceholderPage title="Anforderungen" section={SECTION} /> },
];
