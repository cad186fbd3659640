import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Table,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { STATEMENT_SECTIONS, type StatementSection } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasCashFlow, type MappingState } from './mapping-state.ts';

const ACTIVITIES = ['operating', 'investing', 'financing'] as const;

/** The statement lines by section: names in both languages, the cash-flow activity, the order. */
export function LinesEditor({ state, canEdit }: { state: MappingState; canEdit: boolean }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState<StatementSection>('current_assets');
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        {t('statements.mapping.lines')}
      </Title>
      <div style={{ overflowX: 'auto' }}>
        <Table aria-label={t('statements.mapping.lines')} miw={760} data-testid="statement-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('statements.mapping.nameEn')}</Table.Th>
              <Table.Th>{t('statements.mapping.nameSw')}</Table.Th>
              <Table.Th>{t('statements.mapping.cashFlow')}</Table.Th>
              <Table.Th w={90}>{t('statements.mapping.order')}</Table.Th>
              <Table.Th w={48} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {STATEMENT_SECTIONS.flatMap((section) => [
              <Table.Tr key={section}>
                <Table.Td colSpan={5} fw={700} pt="md">
                  {t(`statements.sections.${section}`)}
                </Table.Td>
              </Table.Tr>,
              ...state.mapping.lines
                .filter((l) => l.section === section)
                .sort((a, b) => a.sortOrder - b.sortOrder)
                .map((l) => (
                  <LineRow key={l.code} line={l} section={section} state={state} canEdit={canEdit} />
                )),
            ])}
          </Table.Tbody>
        </Table>
      </div>
      {canEdit && (
        <Group mt="md" align="flex-end">
          <Select
            label={t('statements.mapping.section')}
            data={STATEMENT_SECTIONS.map((s) => ({ value: s, label: t(`statements.sections.${s}`) }))}
            value={adding}
            allowDeselect={false}
            onChange={(v) => {
              const section = STATEMENT_SECTIONS.find((s) => s === v);
              if (section) setAdding(section);
            }}
            data-testid="new-line-section"
          />
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() =>
              state.addLine({
                section: adding,
                // The new line's two names, to be typed over: the English and the Swahili field.
                name: 'New line',
                nameSw: 'Mstari mpya',
                cashFlow: 'operating',
              })
            }
            data-testid="add-line"
          >
            {t('statements.mapping.addLine')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}

type Line = MappingState['mapping']['lines'][number];

/** One line: its names in English and Swahili, its cash-flow activity, its order, and remove. */
function LineRow({
  line: l,
  section,
  state,
  canEdit,
}: {
  line: Line;
  section: StatementSection;
  state: MappingState;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const activities = ACTIVITIES.map((a) => ({ value: a, label: t(`statements.mapping.activities.${a}`) }));
  return (
    <Table.Tr data-line={l.code}>
      <Table.Td>
        <TextInput
          aria-label={`${t('statements.mapping.nameEn')}: ${l.name}`}
          value={l.name}
          disabled={!canEdit}
          onChange={(e) => state.setLine(l.code, { name: e.currentTarget.value })}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={`${t('statements.mapping.nameSw')}: ${l.name}`}
          value={l.nameSw}
          disabled={!canEdit}
          onChange={(e) => state.setLine(l.code, { nameSw: e.currentTarget.value })}
        />
      </Table.Td>
      <Table.Td>
        {hasCashFlow(section) && (
          <Select
            aria-label={`${t('statements.mapping.cashFlow')}: ${l.name}`}
            data={activities}
            value={l.cashFlow}
            allowDeselect={false}
            disabled={!canEdit}
            onChange={(v) => {
              const cashFlow = ACTIVITIES.find((a) => a === v);
              if (cashFlow) state.setLine(l.code, { cashFlow });
            }}
          />
        )}
      </Table.Td>
      <Table.Td>
        <NumberInput
          aria-label={`${t('statements.mapping.order')}: ${l.name}`}
          value={l.sortOrder}
          min={0}
          max={10000}
          allowDecimal={false}
          disabled={!canEdit}
          onChange={(v) => typeof v === 'number' && state.setLine(l.code, { sortOrder: v })}
        />
      </Table.Td>
      <Table.Td>
        {canEdit && (
          <Tooltip
            label={
              state.inUse(l.code) ? t('statements.mapping.lineInUse') : t('statements.mapping.removeLine')
            }
          >
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`${t('statements.mapping.removeLine')}: ${l.name}`}
              disabled={state.inUse(l.code)}
              onClick={() => state.removeLine(l.code)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
