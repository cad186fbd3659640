import { ActionIcon } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The pencil that opens a row's edit form. */
export function EditButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <ActionIcon variant="subtle" aria-label={t('common.edit')} onClick={onClick}>
      <IconPencil size={16} />
    </ActionIcon>
  );
}
