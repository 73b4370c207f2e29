import { useCallback, useMemo, useState, type FormEvent } from 'react';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useNavigate, useParams } from 'react-router-dom';
import {
  OFFICE_CONTACT_TYPE_LABELS,
  OFFICE_CONTACT_TYPES,
  type DoctorOfficeDto,
  type DoctorOfficeWriteRequest,
  type OfficeContactType,
  type OfficeDoctorRef,
} from '@mediport/contracts';
import { validateDoctorOffice } from '@mediport/validation';
import { toast, useAuth, useAuthedObjectUrl } from '@mediport/api-client';
import { ImageDropzone, PageHeader, TABLE_DEFAULTS, type ImageChange } from '@mediport/ui';
import { AddressFields, AuditInfo, FieldGrid, FormFrame, useConfirm, useRecordForm } from '../shared';
import { OPTION_SELECT_TEXTS } from '../shared/option-select';
import { RecordState } from '../shared/record-state';
import { ALL, doctorName, mayAssignOffice, useDoctors } from '../features/doctors/api/doctors-api';
import { OFFICE_TEXTS as T, SECTION_CRUMBS } from '../features/doctors/messages';
import { officeBody, useCreateOffice, useOffice, useUpdateOffice } from '../features/doctors/offices/api/offices-api';

const LIST = '/v3/arztpraxis';

/** The form's values: the write request's fields, `doctors` as ids. */
type OfficeValues = Required<Pick<DoctorOfficeWriteRequest, 'name' | 'street' | 'zip' | 'city' | 'preferred' | 'phone' | 'mail' | 'fax' | 'doctors'>>;

const toValues = (o: DoctorOfficeDto | undefined): OfficeValues => ({
  name: o?.name ?? '',
  street: o?.street ?? '',
  zip: o?.zip ?? '',
  city: o?.city ?? '',
  preferred: o?.contact_type ?? 'phone',
  phone: o?.phone ?? '',
  mail: o?.mail ?? '',
  fax: o?.fax ?? '',
  doctors: o?.doctors.map((d) => d._id) ?? [],
});

// A select shows at most 100 matching options.
const filterDoctors = createFilterOptions<OfficeDoctorRef>({ limit: TABLE_DEFAULTS.selectOptions, stringify: doctorName });

/** The field the contact type makes required (libs/validation validateDoctorOffice). */
const REQUIRED_BY: Record<OfficeContactType, 'phone' | 'mail' | 'fax'> = { phone: 'phone', mail: 'mail', fax: 'fax' };

/** /v3/arztpraxis/neu */
export function NewOfficePage() {
  return <OfficeForm />;
}

/** /v3/arztpraxis/bearbeiten/{id} */
export function EditOfficePage() {
  const { id } = useParams();
  const office = useOffice(id);
  return <RecordState query={office}>{(record) => <OfficeForm key={record._id} record={record} />}</RecordState>;
}

function OfficeForm({ record }: { record?: DoctorOfficeDto }) {
  const navigate = useNavigate();
  const auth = useAuth();
  // The practice's doctors are assigned by administrators and the pharmacy (the server checks the same roles).
  const canAssign = mayAssignOffice(auth);
  const title = record ? T.editTitle : T.newTitle;
  const [image, setImage] = useState<ImageChange>({ kind: 'keep' });
  const storedImage = useAuthedObjectUrl(record?.image);
  const doctorOptions = useDoctors({ ...ALL, sort: 'lastname' }, canAssign);
  const create = useCreateOffice();
  const update = useUpdateOffice();

  const initial = useMemo(() => toValues(record), [record]);
  const validate = useCallback((v: OfficeValues) => validateDoctorOffice(v), []);
  const form = useRecordForm({
    initial,
    validate,
    onSubmit: async (v) => {
      const { doctors, ...rest } = v;
      const fields: DoctorOfficeWriteRequest = { ...rest, ...(canAssign ? { doctors } : {}) };
      const body = officeBody(fields, image);
      if (!record) {
        await create.mutateAsync({ body });
        toast(T.created, 'success');
      } else {
        await update.mutateAsync({ params: { id: record._id }, body });
        // Multipart cannot carry an empty list: taking out the last doctors needs its own call.
        if (body instanceof FormData && canAssign && doctors.length === 0 && record.doctors.length > 0) {
          await update.mutateAsync({ params: { id: record._id }, body: { doctors: [] } });
        }
        toast(T.changed, 'success');
      }
      navigate(LIST);
    },
  });
  const noDoctors = useConfirm({ title: T.noDoctorsQuestionTitle, children: T.noDoctorsQuestion, confirmLabel: T.noDoctorsConfirm });

  const v = form.values;
  if (!v) return null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (form.hasErrors) {
      void form.submit();
      return;
    }
    noDoctors.ask(() => void form.submit(), v.doctors.length === 0);
  };

  // Options: the active doctors, plus assigned ones the list does not hold (e.g. deactivated).
  const options: OfficeDoctorRef[] = (doctorOptions.data?.data ?? []).map(({ _id, salutation, title: t, firstname, lastname, expertise, deactivated }) => ({
    _id,
    salutation,
    title: t,
    firstname,
    lastname,
    expertise,
    deactivated,
  }));
  for (const d of record?.doctors ?? []) if (!options.some((o) => o._id === d._id)) options.push(d);
  const required = REQUIRED_BY[v.preferred];

  return (
    <>
      <PageHeader title={title} breadcrumbs={[...SECTION_CRUMBS, { label: T.listTitle, to: LIST }, { label: title }]} />
      <FormFrame label={title} onSubmit={onSubmit} cancelTo={LIST} saving={form.saving}>
        <FieldGrid>
          <TextField label={T.name} required {...form.field('name')} />
          <TextField
            select
            label={T.contactType}
            {...form.field('preferred')}
            onChange={(e) => form.set('preferred', e.target.value as OfficeContactType)}
          >
            {OFFICE_CONTACT_TYPES.map((c) => (
              <MenuItem key={c} value={c}>
                {OFFICE_CONTACT_TYPE_LABELS[c]}
              </MenuItem>
            ))}
          </TextField>
          <AddressFields field={form.field} names={{ postalCode: 'zip', country: null }} />
          <TextField label={T.phone} type="tel" required={required === 'phone'} {...form.field('phone')} />
          <TextField label={T.mail} type="email" required={required === 'mail'} {...form.field('mail')} />
          <TextField label={T.fax} type="tel" required={required === 'fax'} {...form.field('fax')} />
        </FieldGrid>
        <Autocomplete
          multiple
          readOnly={!canAssign}
          openText={OPTION_SELECT_TEXTS.open}
          closeText={OPTION_SELECT_TEXTS.close}
          clearText={OPTION_SELECT_TEXTS.clear}
          options={options}
          value={v.doctors.map((id) => options.find((o) => o._id === id)).filter((o): o is OfficeDoctorRef => !!o)}
          onChange={(_e, chosen) => form.set('doctors', chosen.map((d) => d._id))}
          getOptionLabel={doctorName}
          getOptionKey={(d) => d._id}
          filterOptions={filterDoctors}
          isOptionEqualToValue={(a, b) => a._id === b._id}
          renderInput={(params) => <TextField {...params} label={T.doctors} error={!!form.errorOf('doctors')} helperText={form.errorOf('doctors')} />}
        />
        <ImageDropzone
          texts={T.image}
          shape="logo"
          current={record?.image ?? null}
          currentSrc={storedImage}
          change={image}
          onChange={setImage}
          error={form.errorOf('image')}
          testId="office-image-dropzone"
          inputTestId="office-image-input"
        />
        <AuditInfo record={record} />
      </FormFrame>
      {noDoctors.dialog}
    </>
  );
}
