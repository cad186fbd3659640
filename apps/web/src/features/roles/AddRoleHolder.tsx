import { Button, Group, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import type { Role } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../lib/notify.ts';
import { fullName } from '../../lib/session.ts';
import { useUpdateUser, useUsers } from '../users/hooks.ts';

/** Picks a user of the role's audience who does not hold it yet and gives it to them. */
export function AddRoleHolder({ role }: { role: Role }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [chosen, setChosen] = useState<string | null>(null);
  const candidates = useUsers({
    search: debounced || undefined,
    kind: role.audience,
    per_page: 20,
    active: 'true',
  });
  const update = useUpdateUser();

  const options = (candidates.data?.data ?? [])
    .filter((user) => !user.roles.some((held) => held.id === role.id))
    .map((user) => ({ value: user.id, label: `${fullName(user)} (${user.email})`, user }));

  const add = () => {
    const option = options.find((o) => o.value === chosen);
    if (!option) return;
    const roleIds = [...option.user.roles.map((held) => held.id), role.id];
    update.mutate(
      { id: option.user.id, body: { roleIds } },
      {
        onSuccess: () => {
          toastSuccess(t('users.updated'));
          setChosen(null);
          setSearch('');
        },
      },
    );
  };

  return (
    <Group gap="xs" align="flex-end">
      <Select
        label={t('roles.addHolder')}
        placeholder={t('roles.searchUser')}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        data={options.map(({ value, label }) => ({ value, label }))}
        value={chosen}
        onChange={setChosen}
        nothingFoundMessage={candidates.isFetching ? t('common.loading') : t('common.nothingFound')}
        w={{ base: '100%', sm: 320 }}
        data-testid="add-role-holder"
      />
      <Button
        leftSection={<IconUserPlus size={16} aria-hidden />}
        onClick={add}
        disabled={!chosen}
        loading={update.isPending}
      >
        {t('roles.add')}
      </Button>
    </Group>
  );
}
