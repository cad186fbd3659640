import { Table, type TableTdProps } from '@mantine/core';
import { IconInbox, type TablerIcon } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FigureKind, formatFigure, isNumericKind } from '../lib/format.ts';
import { EmptyBlock, LoadingBlock } from './EmptyBlock.tsx';

type Shown = string | number | null | undefined;
/** How the column's figures read (lib/format `formatFigure`); figures align right, none is a dash. */
export type LineKind = FigureKind;

export interface LineColumn<T> {
  key: string;
  header: ReactNode;
  kind?: LineKind;
  /** The value the kind formats. */
  value?: (line: T, index: number) => Shown;
  /** Anything the kinds do not say (a badge, a link, two values in one cell); wins over `value`. */
  render?: (line: T, index: number) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** The cells in bold (the figure the reader looks for). */
  strong?: boolean;
  /** A test id on each of the column's cells. */
  testId?: string;
  /** A test id on the column's cell of the totals row. */
  totalTestId?: string;
  width?: number | string;
}

interface LinesTableProps<T> {
  /** The table's accessible name (and its scroll region's, when it scrolls). */
  label: string;
  columns: LineColumn<T>[];
  /** Undefined while loading. */
  lines: T[] | undefined;
  lineKey: (line: T, index: number) => string;
  /**
   * A totals row under the lines: the figure of each column it totals, by column key, formatted
   * by the column's kind (or a node, shown as it is). "Total" stands in the first column.
   */
  totals?: Partial<Record<string, Shown | ReactNode>>;
  /** What stands instead of the table when there are no lines. */
  empty?: { title: string; description?: ReactNode; icon?: TablerIcon };
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  testId?: string;
  /** A row's test id (e.g. the line's number), for specs that read one line. */
  rowTestId?: (line: T, index: number) => string;
}

function cellOf<T>(column: LineColumn<T>, line: T, index: number): ReactNode {
  if (column.render) return column.render(line, index);
  return formatFigure(column.kind ?? 'text', column.value?.(line, index));
}

function alignOf<T>(column: LineColumn<T>): TableTdProps['ta'] {
  return column.align ?? (column.kind && isNumericKind(column.kind) ? 'right' : undefined);
}

const isShown = (value: unknown): value is Shown =>
  value === null || value === undefined || typeof value === 'string' || typeof value === 'number';

/**
 * The lines of a document on its details page (an order's items, a note's collections, a lot's
 * sources): columns, an optional totals row, figures formatted one way everywhere, an empty state,
 * and a sideways scroll on a narrow screen that the keyboard can reach.
 */
export function LinesTable<T>(props: LinesTableProps<T>) {
  const { t } = useTranslation();
  const { label, columns, lines, lineKey, totals } = props;
  if (!lines) return <LoadingBlock />;
  if (lines.length === 0) {
    const empty = props.empty ?? { title: t('table.noLines') };
    return <EmptyBlock icon={empty.icon ?? IconInbox} title={empty.title} description={empty.description} />;
  }
  const totalCell = (column: LineColumn<T>, index: number) => {
    const figure = totals?.[column.key];
    if (figure === undefined) return index === 0 ? t('table.total') : null;
    return isShown(figure) ? formatFigure(column.kind ?? 'text', figure) : figure;
  };
  return (
    <LinesScroll label={label} minWidth={props.minWidth ?? Math.max(480, columns.length * 110)}>
      <Table striped verticalSpacing="xs" aria-label={label} data-testid={props.testId}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} ta={alignOf(column)} w={column.width}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, index) => (
            <Table.Tr key={lineKey(line, index)} data-testid={props.rowTestId?.(line, index)}>
              {columns.map((column) => (
                <Table.Td
                  key={column.key}
                  ta={alignOf(column)}
                  fw={column.strong ? 600 : undefined}
                  data-testid={column.testId}
                  style={alignOf(column) === 'right' ? { whiteSpace: 'nowrap' } : undefined}
                >
                  {cellOf(column, line, index)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {totals && (
          <Table.Tfoot>
            <Table.Tr>
              {columns.map((column, index) => (
                <Table.Th
                  key={column.key}
                  ta={alignOf(column)}
                  data-testid={column.totalTestId}
                  style={alignOf(column) === 'right' ? { whiteSpace: 'nowrap' } : undefined}
                >
                  {totalCell(column, index)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </LinesScroll>
  );
}

/**
 * Scrolls the table sideways when the screen is narrower than `minWidth` (a phone). While it does,
 * the region is a named tab stop, so the keyboard can scroll it too (axe: scrollable-region-focusable).
 */
export function LinesScroll({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    measure();
    // The box narrows with the screen; the table widens with its lines.
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      style={{ overflowX: 'auto' }}
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
      data-scrolls={scrolls || undefined}
    >
      <div style={{ minWidth }}>{children}</div>
    </div>
  );
}
