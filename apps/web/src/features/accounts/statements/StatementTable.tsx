import { Anchor, Group, Paper, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { FinancialStatementSection, StatementFigures } from '@ushirika/contracts';
import { inSentence } from '@ushirika/domain';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDecimal } from '../../../lib/format.ts';
import { useRouteLink } from '../../../lib/route-link.ts';

/** An amount as a statement prints it: grouped, a negative in brackets, nothing when there is none. */
export const figure = (value: string | null | undefined) => {
  if (value === null || value === undefined) return '';
  return value.startsWith('-') ? `(${formatDecimal(value.slice(1))})` : formatDecimal(value);
};

/** A total row the statement adds after a section (total assets, the surplus...). */
export type TotalRow = { label: string; figures: StatementFigures; testId?: string };

type Props = {
  label: string;
  headers: string[];
  sections: FinancialStatementSection[];
  /** Rows added after a section, by its key. */
  totalsAfter?: Record<string, TotalRow[]>;
  /** The period each account's ledger opens on. */
  ledger: { from: string; to: string };
  union: boolean;
  testId: string;
  /** The words of a section's total row (default "Total <section>"). */
  totalLabel?: (section: FinancialStatementSection) => string;
};

function Figures({ f, bold, columns }: { f: StatementFigures; bold?: boolean; columns: number }) {
  const cells = [f.amount, f.comparative, f.change].slice(0, columns);
  return cells.map((v, i) => (
    <Table.Td key={String(i)} ta="right" fw={bold ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
      {figure(v)}
    </Table.Td>
  ));
}

/**
 * A statement's sections: each line opens to its accounts, each account links to its ledger for
 * the statement's period. Used by the four statements alike.
 */
export function StatementTable({
  label,
  headers,
  sections,
  totalsAfter = {},
  ledger,
  union,
  testId,
  totalLabel,
}: Props) {
  const { t } = useTranslation();
  const link = useRouteLink();
  const [open, setOpen] = useState<Set<string>>(new Set());
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const columns = headers.length;
  const ledgerOf = (accountId: string, book: string) => {
    const base = link('general_ledger');
    return base ? `${base}?${new URLSearchParams({ account_id: accountId, book, ...ledger })}` : null;
  };
  return (
    // A region the keyboard reaches: on a phone the amounts scroll sideways inside it.
    <Paper withBorder radius="md" style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={label}>
      <Table aria-label={label} data-testid={testId} miw={560} verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('statements.columns.line')}</Table.Th>
            {headers.map((h) => (
              <Table.Th key={h} ta="right">
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sections.map((s) => (
            <Fragment key={s.key}>
              {s.lines.length > 0 && (
                <Table.Tr data-section={s.key}>
                  <Table.Td colSpan={columns + 1} fw={700} pt="md">
                    {s.name}
                  </Table.Td>
                </Table.Tr>
              )}
              {s.lines.map((l) => {
                const key = `${s.key}:${l.key}`;
                const expanded = open.has(key);
                return (
                  <Fragment key={key}>
                    <Table.Tr data-line={l.key}>
                      <Table.Td pl="md">
                        <UnstyledButton
                          onClick={() => toggle(key)}
                          aria-expanded={expanded}
                          aria-label={t('statements.screen.drill', { line: l.name })}
                          disabled={l.accounts.length === 0}
                        >
                          <Group gap={4} wrap="nowrap">
                            {l.accounts.length > 0 &&
                              (expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />)}
                            <Text size="sm">{l.name}</Text>
                          </Group>
                        </UnstyledButton>
                      </Table.Td>
                      <Figures f={l} columns={columns} />
                    </Table.Tr>
                    {expanded &&
                      l.accounts.map((a) => {
                        const href = ledgerOf(a.accountId, a.book);
                        const name = `${a.code} ${a.name}${union ? ` · ${t(`acc.books.${a.book}`)}` : ''}`;
                        return (
                          <Table.Tr key={a.accountId} data-account={a.code}>
                            <Table.Td pl={44}>
                              {href ? (
                                <Anchor
                                  component={Link}
                                  to={href}
                                  size="sm"
                                  aria-label={t('statements.screen.openLedger', { account: name })}
                                >
                                  {name}
                                </Anchor>
                              ) : (
                                <Text size="sm">{name}</Text>
                              )}
                            </Table.Td>
                            <Figures f={a} columns={columns} />
                          </Table.Tr>
                        );
                      })}
                  </Fragment>
                );
              })}
              {s.lines.length > 0 && (
                <Table.Tr data-total={s.key}>
                  <Table.Td fw={600}>
                    {totalLabel?.(s) ?? t('statements.totals.section', { section: inSentence(s.name) })}
                  </Table.Td>
                  <Figures f={s.total} bold columns={columns} />
                </Table.Tr>
              )}
              {(totalsAfter[s.key] ?? []).map((row) => (
                <Table.Tr key={row.label} data-testid={row.testId} bg="var(--mantine-color-default-hover)">
                  <Table.Td fw={700}>{row.label}</Table.Td>
                  <Figures f={row.figures} bold columns={columns} />
                </Table.Tr>
              ))}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
