import { useState, type KeyboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useNavigate } from 'react-router-dom';
import type { HomeDto } from '@mediport/contracts';
import { ApiError, toast } from '@mediport/api-client';
import { EmptyState, UI_MESSAGES } from '@mediport/ui';
import { validateHomeGroup } from '@mediport/validation';
import { FORM_TEXTS } from '../../../shared';
import { useAddHomeGroup } from '../api/homes-api';
import { HOME_TEXTS as T, homeGroupDeletePath } from '../messages';

/**
 * Tab Wohnbereich: the home's living areas with delete per row (through the confirmation page)
 * and a field to add one. Adding and deleting follow the home's `groupsEditable` flag (admin and
 * manager); for everyone else the controls stay visible but disabled.
 */
export function HomeGroupsPanel({ home }: { home: HomeDto }) {
  const navigate = useNavigate();
  const add = useAddHomeGroup();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const editable = home.groupsEditable;

  const submit = () => {
    const problem = validateHomeGroup({ name })[0];
    if (problem) {
      setError(problem.message);
      return;
    }
    const submitted = name;
    add.mutate(
      { params: { id: home._id }, body: { name: name.trim() } },
      {
        onSuccess: () => {
          // The new row shows as soon as the home is read again, a moment before this runs: a name
          // typed meanwhile for the next living area stays.
          setName((current) => (current === submitted ? '' : current));
          toast(T.groupAdded, 'success');
        },
        onError: (e) => setError(e instanceof ApiError ? e.fieldErrors().name : undefined),
      },
    );
  };
  // The panel sits inside the home form: Enter adds the living area instead of saving the home.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      submit();
    }
  };

  return (
    <>
      {!editable && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {T.groupsReadOnly}
        </Alert>
      )}
      {home.homeGroups.length === 0 ? (
        <EmptyState text={T.noGroups} />
      ) : (
        <Table size="small" aria-label={T.homeGroups}>
          <TableHead>
            <TableRow>
              <TableCell>{T.groupName}</TableCell>
              <TableCell align="right">{T.groupPatients}</TableCell>
              <TableCell align="right">{UI_MESSAGES.actions}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {home.homeGroups.map((g) => (
              <TableRow key={g._id}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{g.name}</TableCell>
                <TableCell align="right">{g.patients}</TableCell>
                <TableCell align="right">
                  <Button size="small" color="secondary" disabled={!editable} aria-label={T.deleteGroupLabel(g.name)} onClick={() => navigate(homeGroupDeletePath(home._id, g._id))}>
                    {FORM_TEXTS.delete}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', mt: 2 }}>
        <TextField
          label={T.newGroup}
          id="new-home-group"
          value={name}
          disabled={!editable}
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
          onKeyDown={onKeyDown}
          error={!!error}
          helperText={error}
          margin="none"
          sx={{ flex: '1 1 220px' }}
        />
        <Button variant="outlined" onClick={submit} disabled={!editable || add.isPending} sx={{ mt: 1 }}>
          {T.addGroup}
        </Button>
      </Box>
    </>
  );
}
