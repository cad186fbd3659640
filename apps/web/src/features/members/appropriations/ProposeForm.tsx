import { Button, Group, NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import { type AppropriationFigures, proposeAppropriationBody } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal.tsx';
import { usePreviewedProposal } from '../../../components/use-previewed-proposal.ts';
import { useForm } from '../../../lib/form.ts';
import { formatMoney } from '../../../lib/format.ts';
import { seasons } from '../../seasons/hooks.ts';
import { AppropriationFiguresView } from './AppropriationFiguresView.tsx';
import { appropriations, useClosedYears, usePreviewAppropriation } from './hooks.ts';

/**
 * The board's proposal: the closed year, the season of the bonus, the dividend and bonus rates; the
 * figures are previewed from the books before it is proposed (with a confirmation).
 */
export function ProposeForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const years = useClosedYears();
  const seasonOptions = seasons.useOptions();
  const form = useForm({ financialYearId: '', seasonId: '', dividendPercent: '', bonusPerKg: '' });
  const preview = usePreviewAppropriation();
  const propose = appropriations.useCreate();
  const { figures, clear, showPreview, submit } = usePreviewedProposal({
    form,
    body: proposeAppropriationBody,
    preview,
    propose,
    confirm: (f: AppropriationFigures) => ({
      title: t('appropriations.confirmProposeTitle'),
      message: t('appropriations.confirmPropose', {
        year: f.yearName,
        reserve: formatMoney(f.reserve),
        dividend: formatMoney(f.dividend),
        bonus: formatMoney(f.bonus),
      }),
      confirmLabel: t('appropriations.propose'),
    }),
    detailsPath: (id) => `/members/appropriations/${id}/details`,
  });
  const change = (key: keyof typeof form.values) => {
    const field = form.text(key);
    return {
      ...field,
      onChange: (e: { currentTarget: { value: string } }) => {
        clear();
        field.onChange(e);
      },
    };
  };
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('appropriations.propose')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('appropriations.propose')}
      submitting={propose.isPending}
      size="xl"
      testId="appropriation-form"
    >
      <Text size="sm" c="dimmed">
        {t('appropriations.previewHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect
          label={t('appropriations.year')}
          description={t('appropriations.yearHint')}
          required
          data={[
            { value: '', label: '' },
            ...(years.data ?? []).map((y) => ({ value: y.id, label: y.name })),
          ]}
          data-testid="appropriation-year"
          {...change('financialYearId')}
        />
        <NativeSelect
          label={t('appropriations.season')}
          description={t('appropriations.seasonHint')}
          required
          data={[
            { value: '', label: '' },
            ...(seasonOptions.data ?? []).map((s) => ({ value: s.id, label: s.name })),
          ]}
          data-testid="appropriation-season"
          {...change('seasonId')}
        />
        <TextInput
          label={t('appropriations.dividendPercent')}
          required
          inputMode="decimal"
          data-testid="appropriation-dividend"
          {...change('dividendPercent')}
        />
        <TextInput
          label={t('appropriations.bonusPerKg')}
          required
          inputMode="decimal"
          data-testid="appropriation-bonus"
          {...change('bonusPerKg')}
        />
      </SimpleGrid>
      <Group>
        <Button
          variant="light"
          onClick={showPreview}
          loading={preview.isPending}
          data-testid="appropriation-preview"
        >
          {t('appropriations.preview')}
        </Button>
      </Group>
      {figures && <AppropriationFiguresView figures={figures} />}
    </FormModal>
  );
}
