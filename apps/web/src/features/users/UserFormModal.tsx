import {
  Group,
  MultiSelect,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import {
  createUserBody,
  type Gender,
  type User,
  type UserLanguage,
  updateUserBody,
} from '@ushirika/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/ConfirmAction.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { useForm } from '../../lib/form.ts';
import { i18n } from '../../lib/i18n.ts';
import { toastSuccess } from '../../lib/notify.ts';
import { roleLabel } from '../../lib/roles.ts';
import { fullName } from '../../lib/session.ts';
import { useAmcosOptions } from '../amcos/hooks.ts';
import { useCreateUser, useRoles, useUpdateUser } from './hooks.ts';
import { showInitialPassword } from './InitialPasswordModal.tsx';

type Kind = 'union' | 'amcos';

interface UserFormValues extends Record<string, unknown> {
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  gender: Gender | '';
  /** The language of the user's SMS (welcome, notices); they change it by switching on screen. */
  language: UserLanguage;
  kind: Kind;
  amcosId: string | null;
  roleIds: string[];
  active: boolean;
  /** Create only: left empty, the server generates one and sends it by SMS. */
  password: string;
}

function valuesOf(user: User | null): UserFormValues {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    mobile: user?.mobile ?? '',
    gender: user?.gender ?? '',
    language: user?.language ?? (i18n.language === 'sw' ? 'sw' : 'en'),
    kind: user?.amcosId ? 'amcos' : 'union',
    amcosId: user?.amcosId ?? null,
    roleIds: user?.roles.map((role) => role.id) ?? [],
    active: user?.active ?? true,
    password: '',
  };
}

interface UserFormModalProps {
  opened: boolean;
  /** The user being edited; null to create one. */
  user: User | null;
  onClose: () => void;
}

/** Create or edit a user: identity, Union or AMCOS (with the society), roles of that audience. */
export function UserFormModal({ opened, user, onClose }: UserFormModalProps) {
  const { t } = useTranslation();
  const form = useForm<UserFormValues>(valuesOf(user));
  const roles = useRoles();
  const amcos = useAmcosOptions(opened);
  const { save, saving } = useSaveUser(user, form, onClose);
  const { reset } = form;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens for a user
  useEffect(() => {
    if (opened) reset(valuesOf(user));
  }, [opened, user]);

  const { kind } = form.values;
  const roleOptions = (roles.data ?? [])
    .filter((role) => role.audience === kind)
    .map((role) => ({ value: role.id, label: roleLabel(t, role.name) }));

  const changeKind = (next: Kind) => {
    form.setValue('kind', next);
    form.setValue('amcosId', null);
    const allowed = new Set((roles.data ?? []).filter((r) => r.audience === next).map((r) => r.id));
    form.setValue(
      'roleIds',
      form.values.roleIds.filter((id) => allowed.has(id)),
    );
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={user ? t('users.form.editTitle', { name: fullName(user) }) : t('users.form.createTitle')}
      onSubmit={form.onSubmit(save)}
      error={form.formError}
      submitLabel={user ? t('common.save') : t('users.form.create')}
      submitting={saving}
      testId="user-form"
    >
      <IdentityFields form={form} />
      <Stack gap={6}>
        <SegmentedControl
          aria-label={t('users.fields.kind')}
          value={kind}
          onChange={(value) => changeKind(value === 'amcos' ? 'amcos' : 'union')}
          data={[
            { value: 'union', label: t('users.form.unionUser') },
            { value: 'amcos', label: t('users.form.amcosUser') },
          ]}
          data-testid="user-kind"
        />
        {kind === 'amcos' && (
          <Select
            label={t('users.fields.amcos')}
            withAsterisk
            searchable
            data={(amcos.data ?? []).map((society) => ({
              value: society.id,
              label: `${society.code} · ${society.name}`,
            }))}
            nothingFoundMessage={t('common.nothingFound')}
            {...form.control('amcosId')}
          />
        )}
      </Stack>
      <MultiSelect
        label={t('users.fields.roles')}
        description={t(kind === 'amcos' ? 'users.form.amcosRolesHint' : 'users.form.unionRolesHint')}
        withAsterisk
        searchable
        data={roleOptions}
        nothingFoundMessage={t('common.nothingFound')}
        {...form.control('roleIds')}
      />
      {!user && (
        <PasswordField
          label={t('users.fields.password')}
          description={t('users.form.passwordHint')}
          autoComplete="new-password"
          {...form.text('password')}
        />
      )}
      {user && (
        <Switch
          label={t('users.fields.active')}
          description={t('users.form.activeHint')}
          checked={form.values.active}
          onChange={(event) => form.setValue('active', event.currentTarget.checked)}
        />
      )}
    </FormModal>
  );
}

type UserForm = ReturnType<typeof useForm<UserFormValues>>;

/** Who the user is: names, e-mail, mobile, gender, and the language of their SMS. */
function IdentityFields({ form }: { form: UserForm }) {
  const { t } = useTranslation();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          data-autofocus
          label={t('users.fields.firstName')}
          withAsterisk
          {...form.text('firstName')}
        />
        <TextInput label={t('users.fields.lastName')} withAsterisk {...form.text('lastName')} />
        <TextInput label={t('users.fields.email')} type="email" withAsterisk {...form.text('email')} />
        <TextInput
          label={t('users.fields.mobile')}
          type="tel"
          placeholder="255712345678"
          withAsterisk
          {...form.text('mobile')}
        />
      </SimpleGrid>
      <Radio.Group
        label={t('users.fields.gender')}
        withAsterisk
        value={form.values.gender}
        onChange={(value) => form.setValue('gender', value === 'Female' ? 'Female' : 'Male')}
        error={form.errors.gender}
      >
        <Group mt={6}>
          <Radio value="Male" label={t('users.gender.Male')} />
          <Radio value="Female" label={t('users.gender.Female')} />
        </Group>
      </Radio.Group>
      <Radio.Group
        label={t('users.fields.language')}
        description={t('users.form.languageHint')}
        value={form.values.language}
        onChange={(value) => form.setValue('language', value === 'sw' ? 'sw' : 'en')}
        data-testid="user-language"
      >
        <Group mt={6}>
          <Radio value="en" label="English" />
          <Radio value="sw" label="Kiswahili" />
        </Group>
      </Radio.Group>
    </>
  );
}

/** Creates or updates the user; deactivating someone asks first. */
function useSaveUser(user: User | null, form: UserForm, onClose: () => void) {
  const { t } = useTranslation();
  const create = useCreateUser();
  const update = useUpdateUser();
  const save = () => {
    const { kind: chosenKind, active, password, ...rest } = form.values;
    const payload = { ...rest, amcosId: chosenKind === 'amcos' ? rest.amcosId : null };
    if (chosenKind === 'amcos' && !payload.amcosId) {
      form.setErrors({ amcosId: t('users.form.chooseAmcos') });
      return;
    }
    if (!user) {
      const body = form.validate(createUserBody, { ...payload, password: password || undefined });
      if (!body) return;
      create.mutate(body, {
        onSuccess: (reply) => {
          toastSuccess(t('users.created'));
          onClose();
          if (reply.initialPassword) showInitialPassword(reply.data, reply.initialPassword);
        },
        onError: form.showApiError,
      });
      return;
    }
    const body = form.validate(updateUserBody, { ...payload, active });
    if (!body) return;
    const send = () =>
      update.mutate(
        { id: user.id, body },
        {
          onSuccess: () => {
            toastSuccess(t('users.updated'));
            onClose();
          },
          onError: form.showApiError,
        },
      );
    if (user.active && !active) {
      confirmAction({
        title: t('users.deactivate.title'),
        message: t('users.deactivate.message', { name: fullName(user) }),
        confirmLabel: t('users.deactivate.confirm'),
        onConfirm: send,
      });
    } else send();
  };
  return { save, saving: create.isPending || update.isPending };
}
