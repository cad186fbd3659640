import { memberSettingsBody } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { FigureSettingForm } from '../../../components/FigureSettingForm.tsx';
import { useMemberSettings, useSaveMemberSettings } from './hooks.ts';

/** The register's by-law share minimum: a member is active once its paid shares reach it. */
export function MinimumForm({ society, onClose }: { society: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FigureSettingForm
      field="shareMinimum"
      current={useMemberSettings(society).data?.shareMinimum}
      title={t('members.shareMinimum')}
      label={t('members.shareMinimum')}
      hint={t('members.shareMinimumHint')}
      testId="member-minimum-form"
      schema={memberSettingsBody}
      toBody={(shareMinimum) => ({ society, shareMinimum })}
      save={useSaveMemberSettings()}
      onClose={onClose}
    />
  );
}
