import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { FORM_TEXTS } from './texts';

export interface RowActionButtonsProps {
  /** The record's name: the buttons' accessible names read "{name} bearbeiten" etc. */
  name: string;
  /** Each button shows only when given; pass them by the row's flags (editable, deletable, deactivated). */
  viewTo?: string;
  editTo?: string;
  /** Deletion on its own page (e.g. /arzt/{id}/loeschen) … */
  deleteTo?: string;
  /** … or through a question on the list. */
  onDelete?: () => void;
  onReactivate?: () => void;
  disabled?: boolean;
}

/** The buttons of a master-data list row: Details, Bearbeiten, Löschen, Reaktivieren. */
export function RowActionButtons({ name, viewTo, editTo, deleteTo, onDelete, onReactivate, disabled }: RowActionButtonsProps) {
  return (
    <>
      {viewTo && (
        <Button size="small" component={RouterLink} to={viewTo} aria-label={`${name} anzeigen`}>
          {FORM_TEXTS.details}
        </Button>
      )}
      {editTo && (
        <Button size="small" component={RouterLink} to={editTo} aria-label={`${name} bearbeiten`}>
          {FORM_TEXTS.edit}
        </Button>
      )}
      {deleteTo && (
        <Button size="small" color="secondary" component={RouterLink} to={deleteTo} aria-label={`${name} löschen`}>
          {FORM_TEXTS.delete}
        </Button>
      )}
      {onDelete && (
        <Button size="small" color="secondary" onClick={onDelete} disabled={disabled} aria-label={`${name} löschen`}>
          {FORM_TEXTS.delete}
        </Button>
      )}
      {onReactivate && (
        <Button size="small" onClick={onReactivate} disabled={disabled} aria-label={`${name} reaktivieren`}>
          {FORM_TEXTS.reactivate}
        </Button>
      )}
    </>
  );
}
