import { Stack, Title } from '@mantine/core';
import type { FarmerStatement } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { formatDate, kgOrDash } from '../../lib/format.ts';
import { useRouteLink } from '../../lib/route-link.ts';
import { RecordLink } from './RecordLink.tsx';
import { SeasonTable } from './SeasonTable.tsx';

type Collections = FarmerStatement['collections'];

/** What the farmer delivered this season: kilograms by grade, then each receipt. */
export function CollectionsTab({ collections }: { collections: Collections }) {
  const { t } = useTranslation();
  const linkTo = useRouteLink();
  return (
    <Stack gap="md">
      <Title order={3} size="h5">
        {t('farmerStatements.byGrade')}
      </Title>
      <SeasonTable<Collections['byGrade'][number]>
        label={t('farmerStatements.byGrade')}
        testId="statement-grades"
        empty={t('farmerStatements.empty.collections')}
        rows={collections.byGrade}
        rowKey={(g) => `${g.cropName}-${g.gradeCode}`}
        columns={[
          {
            key: 'crop',
            header: t('fields.crop'),
            render: (g) => g.cropName,
            total: t('collectionsMd.total'),
          },
          {
            key: 'grade',
            header: t('collectionsMd.grade'),
            render: (g) => `${g.gradeCode} · ${g.gradeName}`,
          },
          {
            key: 'receipts',
            header: t('farmerStatements.receiptsTable'),
            render: (g) => g.receipts,
            align: 'right',
            total: collections.totals.receipts,
          },
          {
            key: 'bags',
            header: t('collectionsMd.bags'),
            render: (g) => g.bags,
            align: 'right',
            total: collections.totals.bags,
          },
          {
            key: 'kg',
            header: t('collectionsMd.netKg'),
            render: (g) => kgOrDash(g.netKg),
            align: 'right',
            total: kgOrDash(collections.totals.netKg),
          },
        ]}
      />
      {collections.receipts.length > 0 && (
        <>
          <Title order={3} size="h5">
            {t('farmerStatements.receiptsTable')}
          </Title>
          <SeasonTable<Collections['receipts'][number]>
            label={t('farmerStatements.receiptsTable')}
            testId="statement-receipts"
            empty={t('farmerStatements.empty.collections')}
            rows={collections.receipts}
            rowKey={(r) => r.id}
            columns={[
              {
                key: 'no',
                header: t('collectionsMd.receiptNo'),
                render: (r) => (
                  <RecordLink to={linkTo('receip_details', { id: r.id })}>{r.receiptNo}</RecordLink>
                ),
              },
              { key: 'date', header: t('collectionsMd.date'), render: (r) => formatDate(r.collectedOn) },
              {
                key: 'grade',
                header: t('collectionsMd.grade'),
                render: (r) => `${r.cropName} ${r.gradeCode}`,
              },
              { key: 'bags', header: t('collectionsMd.bags'), render: (r) => r.bags, align: 'right' },
              {
                key: 'kg',
                header: t('collectionsMd.netKg'),
                render: (r) => kgOrDash(r.netKg),
                align: 'right',
              },
              { key: 'status', header: t('fields.status'), render: (r) => <StatusBadge status={r.status} /> },
            ]}
          />
        </>
      )}
    </Stack>
  );
}
