import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '@mediport/api-client';
import { ErrorPanel, UI_MESSAGES } from '@mediport/ui';
import { OrderWizardPage } from './components/order-wizard-page';
import { PatientOrdersPage } from './components/patient-orders-page';

// Opened by URL while only the contract-locked right is held (the sidebar entry opens the dialog instead).
const locked = <ErrorPanel title={UI_MESSAGES.contractRequiredTitle} message={UI_MESSAGES.contractRequiredText} />;

/** The order wizard and its legacy routes (spec part 2 §2 Order wizard and order form); App.tsx mounts them. */
export const wizardRoutes: RouteObject[] = [
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
];
