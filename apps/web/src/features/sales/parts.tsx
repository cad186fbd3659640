import { Anchor, Button, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import type { Query } from '../../lib/api.ts';
import { formatDate, formatDecimal } from '../../lib/format.ts';
import { HistoryPanel } from '../../components/HistoryPanel.tsx';
import { buyers, downloadPdf } from './hooks.ts';

export const tzs = (amount: string | null | undefined) => (amount ? formatDecimal(amount) : '—');
export const todayIso = () => new Date().toISOString().slice(0, 10);

/** The active buyers as a searchable select. */
export function BuyerSelect({
  value,
  onChange,
  error,
  required,
  autoFocus,
}: {
  value: string | null;
  onChange: (v: string | null) => void;
  error?: string | undefined;
  required?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  // The first 200 buyers by name, or those matching what is typed (the server searches them all).
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const term = search.replace(/\s*\([^)]*\)\s*$/, '').trim();
  const options = buyers.useOptions({ status: 'active', ...(term.length >= 2 ? { search: term } : {}) });
  const data = (options.data ?? []).map((b) => ({ value: b.id, label: `${b.name} (${b.bidCode})` }));
  if (chosen && chosen.value === value && !data.some((d) => d.value === chosen.value)) data.unshift(chosen);
  return (
    <Select
      label={t('salesMd.buyer')}
      required={required}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // autoFocus on a page; data-autofocus inside a modal (its focus trap picks it).
      autoFocus={autoFocus}
      data-autofocus={autoFocus || undefined}
      nothingFoundMessage={t('common.nothingFound')}
      data={data}
      value={value}
      onChange={(v, option) => {
        setChosen(v && option ? { value: v, label: option.label } : null);
        onChange(v);
      }}
      error={error}
      data-testid="buyer-select"
    />
  );
}

/** Labelled values of a record in a grid. */
export function InfoGrid({ items }: { items: [string, ReactNode][] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
      {items.map(([label, value]) => (
        <Stack gap={0} key={label}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={500}>{value || '—'}</Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

export function Section({
  title,
  children,
  actions,
}: {
  title?: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" mb="lg">
      {(title || actions) && (
        <SimpleGrid cols={2} mb="sm">
          <Title order={4}>{title}</Title>
          <div style={{ textAlign: 'right' }}>{actions}</div>
        </SimpleGrid>
      )}
      {children}
    </Paper>
  );
}

/** Downloads a document's PDF from the API (with the bearer token). */
export function PdfButton({
  path,
  name,
  label,
  query,
}: {
  path: string;
  name: string;
  label?: string;
  query?: Query;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="default"
      leftSection={<IconFileTypePdf size={16} aria-hidden />}
      loading={busy}
      data-testid="download-pdf"
      onClick={() => {
        setBusy(true);
        downloadPdf(path, name, query)
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      {label ?? t('salesMd.pdf')}
    </Button>
  );
}

/** The money a receipt put on invoices, seen from either side: the other document, its date, the amount. */
export function AllocationsSection({
  rows,
  testId,
}: {
  rows: { key: string; no: string; to: string; date: string; amount: string }[];
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('salesMd.allocations')}>
      {rows.length === 0 ? (
        <Text c="dimmed">{t('salesMd.noAllocations')}</Text>
      ) : (
        <Table data-testid={testId}>
          <Table.Tbody>
            {rows.map((a) => (
              <Table.Tr key={a.key}>
                <Table.Td>
                  <Anchor component={Link} to={a.to}>
                    {a.no}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatDate(a.date)}</Table.Td>
                <Table.Td ta="right">{tzs(a.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

/** A sales screen's route: union staff holding the permission (sales are union business). */
export function unionRoute(Page: () => ReactNode, permission = 'sales.invoice.read') {
  return function UnionRoute() {
    return (
      <RequirePermission permission={permission} unionOnly>
        <Page />
      </RequirePermission>
    );
  };
}

/** A sales document's audit trail, as the last section of its details page. */
export function HistorySection({ entity, id }: { entity: string; id: string }) {
  return <HistoryPanel entity={entity} id={id} order={4} titleSize="h4" p="md" mb="lg" />;
}
