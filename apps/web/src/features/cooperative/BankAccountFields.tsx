import { Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { banks } from './hooks.ts';

/**
 * The bank (any of the bank list, may be cleared) and account number of whoever is paid by bank:
 * a society, a farmer, a beneficiary. Takes the form's `control('bankId')` and `text('accountNo')`.
 */
export function BankAccountFields({
  bank,
  accountNo,
}: {
  bank: { value: string | null; onChange: (value: string | null) => void; error?: string | undefined };
  accountNo: {
    name: string;
    value: string;
    onChange: (event: { currentTarget: { value: string } }) => void;
    error?: string | undefined;
  };
}) {
  const { t } = useTranslation();
  const bankOptions = banks.useOptions();
  return (
    <>
      <Select
        label={t('fields.bank')}
        clearable
        data={(bankOptions.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
        {...bank}
      />
      <TextInput label={t('fields.accountNo')} {...accountNo} />
    </>
  );
}
