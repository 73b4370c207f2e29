import Chip from '@mui/material/Chip';
import { PRODUCT_NAME, type UserListRow } from '@mediport/contracts';
import type { Crumb } from '@mediport/ui';
import type { FormVariant } from '../user-form-model';
import { USERS_TEXT as T } from '../messages';

export function listPath(variant: FormVariant): string {
  return variant === 'v3' ? '/v3/nutzer' : '/nutzer';
}

export function crumbs(variant: FormVariant, title?: string): Crumb[] {
  const base: Crumb[] = [{ label: PRODUCT_NAME, to: '/' }, { label: T.section }, { label: T.listTitle, to: listPath(variant) }];
  return title ? [...base, { label: title }] : base;
}

/** Not yet seen by the viewer. */
export function isNew(user: UserListRow, viewerId: string | undefined): boolean {
  return !!viewerId && !user.seen.includes(viewerId);
}

/** The user's living areas by name, comma-separated ('' without any). */
export function homeGroupNames(user: UserListRow): string {
  return user.homeGroupDetails.map((g) => g.name).join(', ');
}

export function DeactivatedChip() {
  return <Chip label={T.deactivatedChip} size="small" variant="outlined" sx={{ ml: 1, height: 20 }} />;
}
