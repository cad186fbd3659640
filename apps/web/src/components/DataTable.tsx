import {
  Button,
  Group,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowsSort,
  IconDownload,
  IconInbox,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-error.ts';
import { formatNumber } from '../lib/format.ts';
import { useMedia } from '../lib/use-media.ts';
import type { Column } from './column.ts';
import { DataCards } from './DataCards.tsx';
import { EmptyBlock } from './EmptyBlock.tsx';
import { type ListState, nextSort, PAGE_SIZES, pageRange } from './use-list-state.ts';

export type { Column } from './column.ts';

interface DataTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  total: number;
  /** The API stopped counting at `total` (meta.total_capped): there are more rows ("1,000+"). */
  totalCapped?: boolean;
  loading: boolean;
  /** True while a new page loads and the previous rows are still shown. */
  refreshing?: boolean;
  /** The list could not be loaded (shown instead of the empty state). */
  error?: unknown;
  rowKey: (row: T) => string;
  list: ListState;
  /** Filter controls shown beside the search box. */
  filters?: ReactNode;
  onExport?: () => void;
  exporting?: boolean;
  empty: { title: string; description?: ReactNode; action?: ReactNode };
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  testId?: string;
}

const SKELETON_ROWS = 5;

/** Below this width (a phone) a list shows its rows as cards (#27). */
export const CARDS_BELOW = '(max-width: 40em)';

/** One table for every list screen: server paging, search, filters, sort and export. */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const { label, columns, rows, total, loading, refreshing, rowKey, list } = props;
  const { pages, shown, first, last } = pageRange(total, list.page, list.perPage, props.totalCapped);
  const asCards = useMedia(CARDS_BELOW);
  // An address past the last page (the list shrank, or an old link) moves to the last page.
  const pastTheEnd = !loading && !refreshing && list.page > shown;
  useEffect(() => {
    if (pastTheEnd) list.setPage(shown);
  }, [pastTheEnd, shown, list.setPage]);

  const failed = props.error !== undefined && props.error !== null;
  const emptyBlock = failed ? (
    <EmptyBlock
      icon={IconAlertTriangle}
      title={t('table.loadError')}
      description={props.error instanceof ApiError ? props.error.serverMessage : null}
    />
  ) : (
    <EmptyBlock icon={IconInbox} {...props.empty} />
  );

  /** On a phone: cards, skeleton cards while the first page loads, or the empty block. */
  const cards = () => {
    if (loading && !rows)
      return Array.from({ length: 3 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity
        <Skeleton key={i} height={72} radius="md" mb="xs" />
      ));
    if (!rows || rows.length === 0) return emptyBlock;
    return (
      <div aria-busy={refreshing} style={{ opacity: refreshing ? 0.6 : 1 }}>
        <DataCards label={label} columns={columns} rows={rows} rowKey={rowKey} />
      </div>
    );
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid={props.testId}>
      <TableToolbar
        list={list}
        filters={props.filters}
        onExport={props.onExport}
        exporting={props.exporting}
      />
      {asCards ? (
        cards()
      ) : (
        <Table.ScrollContainer minWidth={props.minWidth ?? 720}>
          <Table
            striped
            highlightOnHover
            verticalSpacing="sm"
            aria-label={label}
            aria-busy={loading || refreshing}
            style={{ opacity: refreshing ? 0.6 : 1 }}
          >
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th
                    key={column.key}
                    ta={column.align}
                    w={column.width}
                    aria-sort={ariaSort(list, column)}
                  >
                    <SortHeader column={column} list={list} />
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <TableRows columns={columns} rows={rows} rowKey={rowKey} loading={loading} empty={emptyBlock} />
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="space-between" mt="md" gap="sm">
        <Group gap="xs">
          <Text size="sm" c="dimmed" data-testid="table-range">
            {t('table.range', {
              first: formatNumber(first),
              last: formatNumber(last),
              total: props.totalCapped ? `${formatNumber(total)}+` : formatNumber(total),
            })}
          </Text>
          <PageSizeSelect list={list} />
        </Group>
        <Pagination
          total={pages}
          value={shown}
          onChange={list.setPage}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
        />
      </Group>
    </Paper>
  );
}

/** The search box, the list's filters beside it, and the export button. */
function TableToolbar({
  list,
  filters,
  onExport,
  exporting,
}: Pick<DataTableProps<unknown>, 'list' | 'filters' | 'onExport' | 'exporting'>) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" mb="md" gap="sm" align="flex-end">
      <Group gap="sm" align="flex-end" style={{ flex: 1 }}>
        <TextInput
          type="search"
          aria-label={t('table.search')}
          placeholder={t('table.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={list.searchInput}
          onChange={(event) => list.setSearchInput(event.currentTarget.value)}
          w={{ base: '100%', sm: 260 }}
          data-testid="table-search"
        />
        {filters}
      </Group>
      {onExport && (
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={onExport}
          loading={exporting}
          data-testid="table-export"
        >
          {t('table.export')}
        </Button>
      )}
    </Group>
  );
}

/** A column's header: a button that cycles its sort where the column sorts. */
function SortHeader<T>({ column, list }: { column: Column<T>; list: ListState }) {
  if (!column.sortField) return column.header;
  const field = column.sortField;
  const direction = list.sort?.field === field ? list.sort.direction : null;
  const Icon =
    direction === 'asc' ? IconSortAscending : direction === 'desc' ? IconSortDescending : IconArrowsSort;
  return (
    <UnstyledButton onClick={() => list.setSort(nextSort(list.sort, field))} fw={600} fz="sm">
      <Group gap={4} wrap="nowrap">
        {column.header}
        <Icon size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

function ariaSort<T>(list: ListState, column: Column<T>) {
  if (!column.sortField || list.sort?.field !== column.sortField) return undefined;
  return list.sort.direction === 'asc' ? 'ascending' : 'descending';
}

/** The rows, skeleton rows while the first page loads, or the empty block across all columns. */
function TableRows<T>({
  columns,
  rows,
  rowKey,
  loading,
  empty,
}: {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  loading: boolean;
  empty: ReactNode;
}) {
  if (loading && !rows) {
    return Array.from({ length: SKELETON_ROWS }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
      <Table.Tr key={i}>
        {columns.map((column) => (
          <Table.Td key={column.key}>
            <Skeleton height={14} radius="sm" />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  }
  if (!rows || rows.length === 0) {
    return (
      <Table.Tr>
        <Table.Td colSpan={columns.length}>{empty}</Table.Td>
      </Table.Tr>
    );
  }
  return rows.map((row) => (
    <Table.Tr key={rowKey(row)}>
      {columns.map((column) => (
        <Table.Td key={column.key} ta={column.align}>
          {column.render(row)}
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

function PageSizeSelect({ list }: { list: ListState }) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={t('table.perPage')}
      data={PAGE_SIZES.map((size) => ({
        value: String(size),
        label: t('table.perPageOption', { count: size }),
      }))}
      value={String(list.perPage)}
      onChange={(value) => value && list.setPerPage(Number(value))}
      allowDeselect={false}
      w={130}
      size="xs"
    />
  );
}
