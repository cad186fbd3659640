import { Anchor, Paper, Table, Title } from '@mantine/core';
import type { ChangesBlock, ChangesInFunds } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format.ts';
import { useRouteLink } from '../../../lib/route-link.ts';
import { useStatement } from './hooks.ts';
import { guard, StatementScreen } from './StatementScreen.tsx';
import { figure } from './StatementTable.tsx';
import { useStatementQuery } from './statement-query.ts';

export default function ChangesInFundsRoute() {
  return guard(<ChangesInFundsPage />);
}

const COLUMNS = ['share_capital', 'reserves', 'accumulated_surplus', 'total'] as const;

/** One period's block: share capital, reserves, accumulated surplus and the total, row by row. */
function Block({
  block,
  statement,
  caption,
}: {
  block: ChangesBlock;
  statement: ChangesInFunds;
  caption: string;
}) {
  const link = useRouteLink();
  const ledger = link('general_ledger');
  return (
    <Paper
      withBorder
      radius="md"
      style={{ overflowX: 'auto' }}
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <Title order={2} size="h5" p="sm" pb={0}>
        {caption}
      </Title>
      <Table aria-label={caption} miw={640} verticalSpacing={6} data-testid={`changes-${block.from}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            {statement.columns.map((c) => (
              <Table.Th key={c.key} ta="right">
                {c.name}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {block.rows.map((r) => {
            const strong = r.key === 'opening' || r.key === 'closing';
            const href =
              ledger && r.accountId && r.accountBook
                ? `${ledger}?${new URLSearchParams({ account_id: r.accountId, book: r.accountBook, from: block.from, to: block.to })}`
                : null;
            return (
              <Table.Tr key={r.key} data-row={r.key}>
                <Table.Td fw={strong ? 700 : undefined} pl={strong ? undefined : 'md'}>
                  {href ? (
                    <Anchor component={Link} to={href} size="sm">
                      {r.name}
                    </Anchor>
                  ) : (
                    r.name
                  )}
                </Table.Td>
                {COLUMNS.map((c) => (
                  <Table.Td key={c} ta="right" fw={strong || c === 'total' ? 700 : undefined}>
                    {figure(r.amounts[c])}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function ChangesInFundsPage() {
  const { t } = useTranslation();
  const { query, set } = useStatementQuery(true);
  const s = useStatement('reports/changes-in-funds', query).data;
  const caption = (b: ChangesBlock) =>
    t('statements.columns.period', { from: formatDate(b.from), to: formatDate(b.to) });
  return (
    <StatementScreen
      title={t('statements.changesInFunds')}
      path="reports/changes-in-funds"
      query={query}
      set={set}
      data={s}
      notes={s ? [t(s.balanced ? 'statements.notes.fundsAgree' : 'statements.notes.fundsDiffer')] : []}
    >
      {s && (
        <>
          <Block block={s.current} statement={s} caption={caption(s.current)} />
          {s.comparative && <Block block={s.comparative} statement={s} caption={caption(s.comparative)} />}
        </>
      )}
    </StatementScreen>
  );
}
