import type { ComponentProps } from 'react';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { HomeDto } from '@mediport/contracts';
import { useAuthedObjectUrl } from '@mediport/api-client';
import { ImageDropzone, type ImageChange } from '@mediport/ui';
import { AddressFields, FieldGrid, type FieldProps } from '../../../shared';
import type { HomeFormValues } from '../home-form-model';
import { HOME_TEXTS as T } from '../messages';

type Bind = (name: keyof HomeFormValues & string) => FieldProps;

/** A text field of the home form, read-only when asked. */
function HomeText({ bind, name, label, readOnly, ...rest }: { bind: Bind; name: keyof HomeFormValues & string; label: string; readOnly: boolean } & Pick<ComponentProps<typeof TextField>, 'type' | 'autoComplete' | 'helperText'>) {
  const props = bind(name);
  return <TextField label={label} {...rest} {...props} helperText={props.helperText ?? rest.helperText} slotProps={{ input: { readOnly } }} />;
}

/**
 * Tab Stammdaten: name, company, the head's names, address, e-mail, phone, fax and the
 * Kundennummer (editable by administrators only, read-only for everyone else).
 */
export function HomeMasterFields({ bind, readOnly, admin }: { bind: Bind; readOnly: boolean; admin: boolean }) {
  const text = { bind, readOnly };
  return (
    <FieldGrid>
      <HomeText {...text} name="name" label={T.name} autoComplete="organization" />
      <HomeText {...text} name="company" label={T.company} />
      <HomeText {...text} name="firstname" label={T.headFirstname} />
      <HomeText {...text} name="lastname" label={T.headLastname} />
      <AddressFields field={bind} readOnly={readOnly} />
      <HomeText {...text} name="email" label={T.email} type="email" autoComplete="email" />
      <HomeText {...text} name="phone" label={T.phone} type="tel" autoComplete="tel" />
      <HomeText {...text} name="fax" label={T.fax} type="tel" />
      <HomeText bind={bind} name="debtorId" label={T.debtorId} readOnly={readOnly || !admin} helperText={admin || readOnly ? undefined : T.debtorIdAdminOnly} />
    </FieldGrid>
  );
}

/** Tab Absendereinstellungen: sender name, phone, fax and the logo (drag and drop, delete). */
export function HomeSenderFields({
  bind,
  home,
  logo,
  onLogo,
  logoError,
}: {
  bind: Bind;
  home: HomeDto;
  logo: ImageChange;
  onLogo: (change: ImageChange) => void;
  logoError?: string;
}) {
  // The logo sits behind the API: loaded with the session token, never a bare <img src>.
  const src = useAuthedObjectUrl(home.logo);
  const text = { bind, readOnly: false };
  return (
    <>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        {T.senderIntro}
      </Typography>
      <FieldGrid>
        <HomeText {...text} name="senderName" label={T.senderName} />
        <HomeText {...text} name="senderPhone" label={T.senderPhone} type="tel" />
        <HomeText {...text} name="senderFax" label={T.senderFax} type="tel" />
      </FieldGrid>
      <ImageDropzone texts={T.logo} current={home.logo} currentSrc={src} change={logo} onChange={onLogo} shape="logo" error={logoError} inputTestId="logo-input" />
    </>
  );
}
