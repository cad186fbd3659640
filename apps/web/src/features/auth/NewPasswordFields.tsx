import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../components/PasswordField.tsx';

type FieldProps = {
  name: string;
  value: string;
  onChange: (event: { currentTarget: { value: string } }) => void;
  error?: string | undefined;
};

/** The new password and its confirmation, as a reset and a change of password ask them. */
export function NewPasswordFields({
  password,
  confirmation,
  description,
}: {
  password: FieldProps;
  confirmation: FieldProps;
  /** Said under the new password (the rule it must follow). */
  description?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={t('auth.fields.newPassword')}
        description={description}
        autoComplete="new-password"
        {...password}
      />
      <PasswordField label={t('auth.fields.confirmPassword')} autoComplete="new-password" {...confirmation} />
    </>
  );
}
