import { Badge, Group, Tooltip } from '@mantine/core';
import type { Lot } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';

/**
 * A lot's state and, for one brought in at go-live (#36), that it is an opening lot and whether
 * its farmers were unknown (such a lot is sold but not settled to farmers).
 */
export function LotFlags({ lot }: { lot: Pick<Lot, 'opening' | 'withoutFarmerDetail'> }) {
  const { t } = useTranslation();
  if (!lot.opening && !lot.withoutFarmerDetail) return null;
  return (
    <Group gap={4} wrap="nowrap" data-testid="lot-flags">
      {lot.opening && (
        <Tooltip label={t('lotsMd.flagOpeningHint')}>
          <Badge variant="outline" color="gray" miw="max-content" data-testid="lot-flag-opening">
            {t('lotsMd.flagOpening')}
          </Badge>
        </Tooltip>
      )}
      {lot.withoutFarmerDetail && (
        <Tooltip label={t('lotsMd.flagWithoutFarmersHint')}>
          <Badge variant="outline" color="orange" miw="max-content" data-testid="lot-flag-without-farmers">
            {t('lotsMd.flagWithoutFarmers')}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}
