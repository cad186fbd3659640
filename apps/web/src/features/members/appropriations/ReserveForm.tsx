import { appropriationSettingsBody } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { FigureSettingForm } from '../../../components/FigureSettingForm.tsx';
import { useAppropriationSettings, useSaveAppropriationSettings } from './hooks.ts';

/** The by-laws' statutory reserve: the percentage of a year's surplus put to the general reserve. */
export function ReserveForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FigureSettingForm
      field="reservePercent"
      current={useAppropriationSettings().data?.reservePercent}
      title={t('appropriations.settings')}
      label={t('appropriations.reservePercent')}
      hint={t('appropriations.settingsHint')}
      testId="appropriation-reserve-form"
      schema={appropriationSettingsBody}
      toBody={(reservePercent) => ({ reservePercent })}
      save={useSaveAppropriationSettings()}
      onClose={onClose}
    />
  );
}
