import { TextInput } from '@mantine/core';
import { createMemberBody } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal.tsx';
import { SearchSelect } from '../../../components/SearchSelect.tsx';
import { useForm } from '../../../lib/form.ts';
import { candidateOptionsOf, members } from './hooks.ts';
import { MemberShareFields } from './MemberShareFields.tsx';

/** Registers a member: an AMCOS in the union's register, a farmer in its AMCOS's. */
export function JoinForm({ society, onClose }: { society: string; onClose: () => void }) {
  const { t } = useTranslation();
  const union = society === 'union';
  const useCandidateOptions = useMemo(() => candidateOptionsOf(society), [society]);
  const form = useForm({
    candidate: null as string | null,
    memberNo: '',
    joinedOn: todayInTanzania(),
    sharesSubscribed: '',
    openingSharesPaid: '',
  });
  const save = members.useSave({ onSaved: onClose, onError: form.showApiError });
  const submit = form.onSubmit(() => {
    const { candidate, openingSharesPaid, ...rest } = form.values;
    const body = form.validate(createMemberBody, {
      ...rest,
      society,
      ...(union ? { memberAmcosId: candidate ?? undefined } : { farmerId: candidate ?? undefined }),
      ...(openingSharesPaid ? { openingSharesPaid } : {}),
    });
    if (body) save.create(body);
  });
  const errors = form.errors as Record<string, string | undefined>;
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('members.join')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={save.isPending}
      testId="member-form"
    >
      <SearchSelect
        label={t(union ? 'members.candidateAmcos' : 'members.candidateFarmer')}
        testId="member-candidate"
        required
        autoFocus
        useOptions={useCandidateOptions}
        value={form.values.candidate}
        onChange={(v) => form.setValue('candidate', v)}
        error={errors.memberAmcosId ?? errors.farmerId ?? errors.candidate}
      />
      <TextInput
        label={t('members.memberNo')}
        description={t('members.memberNoHint')}
        {...form.text('memberNo')}
      />
      <MemberShareFields text={form.text} />
      <TextInput
        label={t('members.openingSharesPaid')}
        description={t('members.openingSharesHint')}
        inputMode="decimal"
        {...form.text('openingSharesPaid')}
      />
    </FormModal>
  );
}
