import { Group, Select, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PdfButton } from '../../components/PdfButton.tsx';
import { RecordUnavailable } from '../../components/RecordUnavailable.tsx';
import { useSearchParamsPatch } from '../../components/use-search-params-patch.ts';
import { seasons } from '../seasons/hooks.ts';
import { CollectionsTab } from './CollectionsTab.tsx';
import { useFarmerStatement } from './hooks.ts';
import { LoansTab } from './LoansTab.tsx';
import { RequestsTab } from './RequestsTab.tsx';
import { SeasonGlance } from './SeasonGlance.tsx';
import { SecondPaymentsTable } from './SecondPaymentsTable.tsx';
import { SettlementsTab } from './SettlementsTab.tsx';

const TABS = ['details', 'collections', 'settlements', 'loans', 'requests', 'notes'] as const;
type Tab = (typeof TABS)[number];

/**
 * A farmer's whole story on their page (#27): the season chosen (the open one first), its figures at
 * a glance, and a tab each for the farmer's details, deliveries, settlements and payments, loans
 * and inputs, requests, and notes. The season and tab are in the address, so a link opens them.
 */
export function FarmerSeasonTabs({
  farmerId,
  farmerNo,
  details,
  notes,
}: {
  farmerId: string;
  farmerNo: string;
  details: ReactNode;
  notes: ReactNode;
}) {
  const { t } = useTranslation();
  const [params, patch] = useSearchParamsPatch();
  const set = (key: string, value: string | null) => patch({ [key]: value });
  const tab: Tab = TABS.find((x) => x === params.get('tab')) ?? 'details';
  const statement = useFarmerStatement(farmerId, params.get('season'));
  const seasonOptions = seasons.useOptions();
  const s = statement.data;
  return (
    <>
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('farmerStatements.season')}
          w={{ base: '100%', xs: 240 }}
          allowDeselect={false}
          data={(seasonOptions.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
          value={s?.season?.id ?? params.get('season')}
          onChange={(value) => set('season', value)}
          data-testid="statement-season"
        />
        {s?.season && (
          <PdfButton
            path={`collections/farmers/${farmerId}/statement/pdf`}
            query={{ season_id: s.season.id }}
            name={`statement-${farmerNo}`}
            label={t('farmerStatements.pdf')}
          />
        )}
      </Group>
      {statement.error ? (
        <RecordUnavailable error={statement.error} />
      ) : !s ? (
        <Skeleton height={72} radius="md" />
      ) : s.season ? (
        <SeasonGlance statement={s} />
      ) : (
        <Text c="dimmed">{t('farmerStatements.noSeason')}</Text>
      )}
      <Tabs
        value={tab}
        onChange={(value) => set('tab', value === 'details' ? null : value)}
        keepMounted={false}
      >
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {TABS.map((key) => (
            <Tabs.Tab key={key} value={key} data-testid={`farmer-tab-${key}`}>
              {t(`farmerStatements.tabs.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="details" pt="md">
          {details}
        </Tabs.Panel>
        <Tabs.Panel value="notes" pt="md">
          {notes}
        </Tabs.Panel>
        {s && (
          <>
            <Tabs.Panel value="collections" pt="md">
              <CollectionsTab collections={s.collections} />
            </Tabs.Panel>
            <Tabs.Panel value="settlements" pt="md">
              <Stack gap="md">
                <SettlementsTab settlements={s.settlements} />
                <SecondPaymentsTable rows={s.secondPayments} />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="loans" pt="md">
              <LoansTab loans={s.loans} inputs={s.inputs} />
            </Tabs.Panel>
            <Tabs.Panel value="requests" pt="md">
              <RequestsTab requests={s.requests} />
            </Tabs.Panel>
          </>
        )}
      </Tabs>
    </>
  );
}
