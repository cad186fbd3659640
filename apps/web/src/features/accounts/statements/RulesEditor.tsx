import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { AccountOption, AccountType, StatementMapping } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountOptions } from '../hooks.ts';
import type { MappingState } from './mapping-state.ts';

type Target = StatementMapping['classes'][number];

/** One picker: which line a class, a group or an account goes to. */
function LinePicker({
  state,
  target,
  kind,
  label,
  canEdit,
  allowClass,
}: {
  state: MappingState;
  target: { id: string; type: AccountType };
  kind: 'class' | 'group' | 'account';
  label: string;
  canEdit: boolean;
  allowClass: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={label}
      data={[
        ...(allowClass ? [{ value: '', label: t('statements.mapping.classDefault') }] : []),
        ...state.choices(target.type),
      ]}
      value={state.lineOf(kind, target.id)}
      allowDeselect={false}
      disabled={!canEdit}
      onChange={(v) => state.setRule(kind, target.id, v ?? '')}
      data-testid={`rule-${kind}-${target.id}`}
    />
  );
}

type MappingProps = { state: MappingState; mapping: StatementMapping; canEdit: boolean };

/** Every class (its catch-all line), every group, and the accounts with a line of their own. */
export function RulesEditor({ state, mapping, canEdit }: MappingProps) {
  const { t } = useTranslation();
  const targetName = (x: Target) => `${x.code} ${x.name}`;
  return (
    <Stack>
      <TargetRules
        title={t('statements.mapping.classes')}
        targets={mapping.classes}
        kind="class"
        state={state}
        canEdit={canEdit}
        nameOf={(c) => t(`acc.types.${c.type}`)}
        labelOf={targetName}
        cols={{ base: 1, sm: 2 }}
      />
      <TargetRules
        title={t('statements.mapping.groups')}
        targets={mapping.groups}
        kind="group"
        state={state}
        canEdit={canEdit}
        nameOf={targetName}
        labelOf={targetName}
        cols={{ base: 1, md: 2 }}
      />
      <AccountRules state={state} mapping={mapping} canEdit={canEdit} />
    </Stack>
  );
}

/** The classes (each to a line) or the groups (each to a line, or as its class). */
function TargetRules({
  title,
  targets,
  kind,
  state,
  canEdit,
  nameOf,
  labelOf,
  cols,
}: {
  title: string;
  targets: Target[];
  kind: 'class' | 'group';
  state: MappingState;
  canEdit: boolean;
  nameOf: (x: Target) => string;
  labelOf: (x: Target) => string;
  cols: Record<string, number>;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={cols}>
        {targets.map((x) => (
          <Group key={x.id} justify="space-between" wrap="nowrap">
            <Text size="sm">{nameOf(x)}</Text>
            <LinePicker
              state={state}
              target={x}
              kind={kind}
              label={labelOf(x)}
              canEdit={canEdit}
              allowClass={kind === 'group'}
            />
          </Group>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

/** Accounts given a line of their own, and a picker to add one from either book. */
function AccountRules({ state, mapping, canEdit }: MappingProps) {
  const { t } = useTranslation();
  const [book, setBook] = useState<'collection' | 'operation'>('operation');
  const [adding, setAdding] = useState<string | null>(null);
  const options = useAccountOptions(book);
  const ruled = state.mapping.rules.filter((r) => r.target === 'account');
  // Accounts given a line on this screen, before the save names them in the mapping.
  const [added, setAdded] = useState<AccountOption[]>([]);
  const accountOf = (id: string) =>
    mapping.accounts.find((a) => a.id === id) ?? added.find((a) => a.id === id);
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        {t('statements.mapping.accounts')}
      </Title>
      <Table aria-label={t('statements.mapping.accounts')} data-testid="account-rules">
        <Table.Tbody>
          {ruled.map((r) => {
            const account = accountOf(r.targetId);
            if (!account) return null;
            const name = `${account.code} ${account.name} · ${account.book ? t(`acc.books.${account.book}`) : ''}`;
            return (
              <Table.Tr key={r.targetId}>
                <Table.Td>{name}</Table.Td>
                <Table.Td>
                  <LinePicker
                    state={state}
                    target={account}
                    kind="account"
                    label={name}
                    canEdit={canEdit}
                    allowClass={false}
                  />
                </Table.Td>
                <Table.Td w={48}>
                  {canEdit && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`${t('statements.mapping.removeAccount')}: ${name}`}
                      onClick={() => state.setRule('account', r.targetId, '')}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {canEdit && (
        <Group mt="md" align="flex-end">
          <Select
            label={t('acc.book')}
            data={(['collection', 'operation'] as const).map((b) => ({
              value: b,
              label: t(`acc.books.${b}`),
            }))}
            value={book}
            allowDeselect={false}
            onChange={(v) => {
              if (v === 'collection' || v === 'operation') setBook(v);
              setAdding(null);
            }}
          />
          <Select
            label={t('acc.account')}
            searchable
            w={320}
            data={(options.data ?? [])
              .filter((a) => !ruled.some((r) => r.targetId === a.id))
              .map((a) => ({ value: a.id, label: `${a.code} ${a.name}` }))}
            value={adding}
            onChange={setAdding}
            data-testid="add-account-choice"
          />
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={!adding}
            onClick={() => {
              const account = options.data?.find((a) => a.id === adding);
              const first = account && state.choices(account.type)[0];
              if (account && first) {
                setAdded((list) => [...list, account]);
                state.setRule('account', account.id, first.value);
              }
              setAdding(null);
            }}
            data-testid="add-account"
          >
            {t('statements.mapping.addAccount')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
