import { Paper, Select, Table, Tabs, TextInput } from '@mantine/core';
import { type AccountGroup, createAccountGroupBody } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ActiveSwitch } from '../../../components/ActiveSwitch.tsx';
import { EditButton } from '../../../components/EditButton.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { ResourceList } from '../../../components/ResourceList.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { useForm } from '../../../lib/form.ts';
import { localName } from '../../../lib/format.ts';
import { useCan } from '../../../lib/use-can.ts';
import { accountGroups, useClasses } from '../hooks.ts';
import { MappingsPanel } from './MappingsPanel.tsx';

const read = (page: React.ReactNode) => (
  <RequirePermission permission="accounts.ledger.read" unionOnly>
    {page}
  </RequirePermission>
);
export const ClassesRoute = () => read(<ClassesPage />);
export const GroupsRoute = () => read(<GroupsPage />);

/**
 * The accounting settings' classes screen; its second tab (?tab=mappings) holds the account
 * mappings, which SPEC gives no route of their own.
 */
function ClassesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'mappings' ? 'mappings' : 'classes';
  return (
    <>
      <PageHeader
        title={tab === 'mappings' ? t('accMappings.title') : t('acc.classes')}
        breadcrumbs={[{ label: t('menu.settingsAccounts') }, { label: t('acc.classes') }]}
      />
      <Tabs
        value={tab}
        onChange={(v) => setParams(v === 'mappings' ? { tab: v } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="classes">{t('acc.classes')}</Tabs.Tab>
          <Tabs.Tab value="mappings" data-testid="mappings-tab">
            {t('accMappings.title')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="classes">
          <ClassesTable />
        </Tabs.Panel>
        <Tabs.Panel value="mappings">
          <MappingsPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

function ClassesTable() {
  const { t } = useTranslation();
  const classes = useClasses();
  return (
    <Paper withBorder radius="md">
      <Table aria-label={t('acc.classes')} data-testid="classes-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.code')}</Table.Th>
            <Table.Th>{t('fields.name')}</Table.Th>
            <Table.Th>{t('acc.type')}</Table.Th>
            <Table.Th>{t('acc.normalBalance')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {classes.data?.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>{c.code}</Table.Td>
              <Table.Td>{localName(c)}</Table.Td>
              <Table.Td>{t(`acc.types.${c.type}`)}</Table.Td>
              <Table.Td>{t(`acc.${c.normalBalance}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function GroupsPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ group: AccountGroup | null } | null>(null);
  const canEdit = useCan('accounts.ledger.update');
  return (
    <>
      <PageHeader
        title={t('acc.groups')}
        breadcrumbs={[{ label: t('menu.accounts') }, { label: t('acc.groups') }]}
      />
      <ResourceList
        label={t('acc.groups')}
        resource={accountGroups}
        testId="groups-table"
        emptyTitle={t('acc.groupsEmpty')}
        createLabel={t('acc.groupCreate')}
        {...(canEdit ? { onCreate: () => setEditing({ group: null }) } : {})}
        columns={[
          { key: 'code', header: t('fields.code'), render: (g) => g.code, sortField: 'code' },
          { key: 'name', header: t('fields.name'), render: (g) => localName(g), sortField: 'name' },
          { key: 'class', header: t('acc.class'), render: (g) => g.className },
          {
            key: 'status',
            header: t('fields.status'),
            render: (g) => <StatusBadge status={g.active ? 'active' : 'inactive'} />,
          },
          {
            key: 'edit',
            header: '',
            render: (g) => canEdit && <EditButton onClick={() => setEditing({ group: g })} />,
          },
        ]}
      />
      {editing && <GroupForm group={editing.group} onClose={() => setEditing(null)} />}
    </>
  );
}

function GroupForm({ group, onClose }: { group: AccountGroup | null; onClose: () => void }) {
  const { t } = useTranslation();
  const classes = useClasses();
  const form = useForm({
    code: group?.code ?? '',
    name: group?.name ?? '',
    classId: group?.classId ?? '',
    active: group?.active ?? true,
  });
  const create = accountGroups.useCreate();
  const update = accountGroups.useUpdate();
  const submit = form.onSubmit(() => {
    const body = form.validate(createAccountGroupBody);
    if (!body) return;
    const done = form.saved(onClose);
    if (group) update.mutate({ id: group.id, body: { ...body, active: form.values.active } }, done);
    else create.mutate(body, done);
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={group ? t('acc.groupEdit') : t('acc.groupCreate')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={create.isPending || update.isPending}
      testId="group-form"
    >
      <TextInput data-autofocus label={t('fields.code')} required {...form.text('code')} />
      <TextInput label={t('fields.name')} required {...form.text('name')} />
      <Select
        label={t('acc.class')}
        required
        data={(classes.data ?? []).map((c) => ({ value: c.id, label: localName(c) }))}
        value={form.values.classId || null}
        onChange={(v) => form.setValue('classId', v ?? '')}
        error={form.errors.classId}
      />
      {group && <ActiveSwitch form={form} />}
    </FormModal>
  );
}
