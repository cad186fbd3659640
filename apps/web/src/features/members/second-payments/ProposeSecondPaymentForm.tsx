import { Button, Group, MultiSelect, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { proposeSecondPaymentBody, type SecondPaymentFigures } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal.tsx';
import { usePreviewedProposal } from '../../../components/use-previewed-proposal.ts';
import { useForm } from '../../../lib/form.ts';
import { formatKg, formatMoney } from '../../../lib/format.ts';
import { societies } from '../../amcos/hooks.ts';
import { seasonCrops } from '../../seasons/hooks.ts';
import { secondPayments, usePreviewSecondPayment } from './hooks.ts';
import { SecondPaymentFiguresView } from './SecondPaymentFiguresView.tsx';

/**
 * The union's proposal of a second payment: the season crop, the amount per kg and, optionally,
 * the AMCOS it is limited to; each farmer's amount is previewed before it is proposed (with a
 * confirmation). Another person approves it.
 */
export function ProposeSecondPaymentForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const cropOptions = seasonCrops.useOptions();
  const amcosOptions = societies.useOptions();
  const form = useForm({ seasonCropId: '', ratePerKg: '', amcosIds: [] as string[] });
  const preview = usePreviewSecondPayment();
  const propose = secondPayments.useCreate();
  const { figures, clear, showPreview, submit } = usePreviewedProposal({
    form,
    body: proposeSecondPaymentBody,
    preview,
    propose,
    confirm: (f: SecondPaymentFigures) => ({
      title: t('secondPayments.confirmProposeTitle'),
      message: t('secondPayments.confirmPropose', {
        crop: `${f.seasonName} · ${f.cropName}`,
        rate: formatMoney(f.ratePerKg),
        kg: formatKg(f.kg),
        farmers: f.lines.length,
        total: formatMoney(f.total),
      }),
      confirmLabel: t('secondPayments.propose'),
    }),
    detailsPath: (id) => `/members/second-payments/${id}/details`,
  });
  const changed = <K extends keyof typeof form.values>(key: K, value: (typeof form.values)[K]) => {
    clear();
    form.setValue(key, value);
  };
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('secondPayments.propose')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('secondPayments.propose')}
      submitting={propose.isPending}
      size="xl"
      testId="second-payment-form"
    >
      <Text size="sm" c="dimmed">
        {t('secondPayments.previewHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('secondPayments.seasonCrop')}
          required
          searchable
          data={(cropOptions.data ?? []).map((s) => ({
            value: s.id,
            label: `${s.seasonName} · ${s.cropName}`,
          }))}
          value={form.values.seasonCropId || null}
          onChange={(v) => changed('seasonCropId', v ?? '')}
          error={form.errors.seasonCropId}
          data-testid="second-payment-crop"
        />
        <TextInput
          label={t('secondPayments.ratePerKg')}
          required
          inputMode="decimal"
          value={form.values.ratePerKg}
          onChange={(e) => changed('ratePerKg', e.currentTarget.value)}
          error={form.errors.ratePerKg}
          data-testid="second-payment-rate"
        />
      </SimpleGrid>
      <MultiSelect
        label={t('secondPayments.societies')}
        description={t('secondPayments.societiesHint')}
        searchable
        clearable
        data={(amcosOptions.data ?? []).map((a) => ({ value: a.id, label: `${a.code} · ${a.name}` }))}
        value={form.values.amcosIds}
        onChange={(v) => changed('amcosIds', v)}
        nothingFoundMessage={t('common.nothingFound')}
        data-testid="second-payment-societies"
      />
      <Group>
        <Button
          variant="light"
          onClick={showPreview}
          loading={preview.isPending}
          data-testid="second-payment-preview"
        >
          {t('secondPayments.preview')}
        </Button>
      </Group>
      {figures && <SecondPaymentFiguresView figures={figures} />}
    </FormModal>
  );
}
