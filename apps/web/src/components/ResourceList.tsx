import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Paged } from '@ushirika/contracts';
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { Query } from '../lib/api.ts';
import { type Column, DataTable } from './DataTable.tsx';
import { pagedRows } from './paged-rows.ts';
import { useListState } from './use-list-state.ts';

export interface ResourceListProps<T extends { id: string }> {
  label: string;
  resource: {
    useList: (query: Query) => UseQueryResult<Paged<T>>;
    exportList: (query: Query) => Promise<void>;
  };
  columns: Column<T>[];
  filterNames?: readonly string[];
  /** Filter controls; `total` is the count of rows the filters match (e.g. for a bulk action). */
  filters?: (list: ReturnType<typeof useListState>, total: number) => ReactNode;
  /** Fixed query parameters (e.g. a season crop's rules). */
  scope?: Record<string, string>;
  createLabel?: string;
  onCreate?: () => void;
  emptyTitle: string;
  testId: string;
  prefix?: string;
}

/** A DataTable bound to one API resource: paging, search, sort, filters and export from the address bar. */
export function ResourceList<T extends { id: string }>(props: ResourceListProps<T>) {
  const list = useListState(props.filterNames ?? [], props.prefix);
  const query = { ...list.query, ...props.scope };
  const rows = props.resource.useList(query);
  const [exporting, setExporting] = useState(false);
  return (
    <DataTable
      label={props.label}
      columns={props.columns}
      {...pagedRows(rows)}
      totalCapped={rows.data?.meta.total_capped}
      rowKey={(row) => row.id}
      list={list}
      filters={
        <>
          {props.filters?.(list, rows.data?.meta.total ?? 0)}
          {props.onCreate && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={props.onCreate}
              data-testid={`${props.testId}-create`}
            >
              {props.createLabel}
            </Button>
          )}
        </>
      }
      onExport={() => {
        setExporting(true);
        props.resource
          .exportList(query)
          .catch(() => undefined)
          .finally(() => setExporting(false));
      }}
      exporting={exporting}
      empty={{ title: props.emptyTitle }}
      testId={props.testId}
    />
  );
}
