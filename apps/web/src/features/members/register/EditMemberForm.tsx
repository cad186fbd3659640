import { Switch, TextInput } from '@mantine/core';
import { type Member, updateMemberBody } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal.tsx';
import { useForm } from '../../../lib/form.ts';
import { members } from './hooks.ts';
import { MemberShareFields } from './MemberShareFields.tsx';

/**
 * Changes a member (#32): its number, the date it joined, the shares it subscribed, and for the
 * union's members whether its dividend and bonus pay its unpaid shares first.
 */
export function EditMemberForm({ member, onClose }: { member: Member; onClose: () => void }) {
  const { t } = useTranslation();
  const union = member.society === 'union';
  const form = useForm({
    memberNo: member.memberNo,
    joinedOn: member.joinedOn,
    sharesSubscribed: member.sharesSubscribed,
    dividendToShares: member.dividendToShares,
  });
  const save = members.useSave({ id: member.id, onSaved: onClose, onError: form.showApiError });
  const submit = form.onSubmit(() => {
    const { dividendToShares, ...rest } = form.values;
    const body = form.validate(updateMemberBody, { ...rest, ...(union ? { dividendToShares } : {}) });
    if (body) save.update(body);
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('members.edit')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={save.isPending}
      testId="member-edit-form"
    >
      <TextInput label={t('members.memberNo')} required autoFocus {...form.text('memberNo')} />
      <MemberShareFields text={form.text} />
      {union && (
        <Switch
          label={t('members.dividendToShares')}
          description={t('members.dividendToSharesHint')}
          checked={form.values.dividendToShares}
          onChange={(event) => form.setValue('dividendToShares', event.currentTarget.checked)}
          data-testid="member-dividend-to-shares"
        />
      )}
    </FormModal>
  );
}
