import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateField.tsx';

type TextProps = {
  name: string;
  value: string;
  onChange: (event: { currentTarget: { value: string } }) => void;
  error: string | undefined;
};

/** When a member joined and the shares they subscribed: on joining and on editing a member. */
export function MemberShareFields({ text }: { text: (key: 'joinedOn' | 'sharesSubscribed') => TextProps }) {
  const { t } = useTranslation();
  return (
    <>
      <DateField label={t('members.joined')} required {...text('joinedOn')} />
      <TextInput
        label={t('members.sharesSubscribed')}
        required
        inputMode="decimal"
        {...text('sharesSubscribed')}
      />
    </>
  );
}
