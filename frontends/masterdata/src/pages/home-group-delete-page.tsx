import type { FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useNavigate, useParams } from 'react-router-dom';
import { PRODUCT_NAME } from '@mediport/contracts';
import { ErrorPanel, PageHeader } from '@mediport/ui';
import { FieldGrid, FORM_TEXTS, FormFrame } from '../shared';
import { RecordState } from '../shared/record-state';
import { useDeleteHomeGroup, useHome } from '../features/homes/api/homes-api';
import { HOME_LIST_PATH, HOME_TEXTS as T, homeEditPath, homeGroupsPath } from '../features/homes/messages';

/**
 * /einrichtung/{id}/wohnbereich/{groupId}/loeschen: the living area and its home read-only, then
 * DELETE /api/homegroups/{groupId} → 'Wohnbereich gelöscht' → back to the home's Wohnbereich tab.
 * A living area still used by patients is refused (409, shown by the common error handler); the
 * page stays. Löschen follows the home's `groupsEditable` flag.
 */
export function HomeGroupDeletePage() {
  const { id, groupId } = useParams();
  const navigate = useNavigate();
  const home = useHome(id);
  const remove = useDeleteHomeGroup(() => navigate(homeGroupsPath(id!)));
  const crumbs = [
    { label: PRODUCT_NAME, to: '/' },
    { label: FORM_TEXTS.section },
    { label: T.listTitle, to: HOME_LIST_PATH },
    ...(home.data ? [{ label: home.data.name, to: homeEditPath(home.data._id) }] : []),
    { label: T.groupDeleteTitle },
  ];

  return (
    <>
      <PageHeader title={T.groupDeleteTitle} breadcrumbs={crumbs} />
      <RecordState query={home}>
        {(h) => {
          const group = h.homeGroups.find((g) => g._id === groupId);
          if (!group) return <ErrorPanel message={FORM_TEXTS.notFound} />;
          const onSubmit = (e: FormEvent) => {
            e.preventDefault();
            remove.mutate({ params: { groupId: group._id } });
          };
          return (
            <FormFrame
              label={T.groupDeleteTitle}
              onSubmit={onSubmit}
              cancelTo={homeGroupsPath(h._id)}
              saving={remove.isPending}
              submitLabel={FORM_TEXTS.delete}
              submitColor="secondary"
              submitDisabled={!h.groupsEditable}
            >
              <Alert severity={group.patients > 0 ? 'warning' : 'info'} sx={{ mb: 1 }}>
                {group.patients > 0 ? T.groupInUse(group.patients) : T.groupDeleteQuestion}
              </Alert>
              {!h.groupsEditable && (
                <Alert severity="info" sx={{ mb: 1 }}>
                  {T.groupsReadOnly}
                </Alert>
              )}
              <FieldGrid>
                <TextField label={T.groupName} value={group.name} slotProps={{ input: { readOnly: true } }} />
                <TextField label={T.home} value={h.name} slotProps={{ input: { readOnly: true } }} />
              </FieldGrid>
            </FormFrame>
          );
        }}
      </RecordState>
    </>
  );
}
