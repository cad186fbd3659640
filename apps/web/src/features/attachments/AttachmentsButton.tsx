import { ActionIcon, Drawer } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import type { AttachmentRecordType } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentsSection } from './AttachmentsSection.tsx';

/**
 * For records listed without a details page of their own (vouchers, bank transfers): a paperclip
 * in the row that opens the record's attachments in a side drawer.
 */
export function AttachmentsButton({
  recordType,
  recordId,
  title,
}: {
  recordType: AttachmentRecordType;
  recordId: string;
  title: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ActionIcon
        variant="subtle"
        onClick={() => setOpen(true)}
        aria-label={t('attachments.openFor', { name: title })}
        data-testid={`attachments-${title}`}
      >
        <IconPaperclip size={18} aria-hidden />
      </ActionIcon>
      <Drawer opened={open} onClose={() => setOpen(false)} position="right" size="lg" title={title}>
        {open && <AttachmentsSection recordType={recordType} recordId={recordId} />}
      </Drawer>
    </>
  );
}
