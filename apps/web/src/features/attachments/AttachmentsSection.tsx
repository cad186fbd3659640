import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  Image,
  Modal,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconCamera, IconDownload, IconFileTypePdf, IconPaperclip, IconTrash } from '@tabler/icons-react';
import {
  ATTACHMENT_CONTENT_TYPES,
  ATTACHMENT_RECORDS,
  type Attachment,
  type AttachmentRecordType,
} from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/ConfirmAction.ts';
import { Section } from '../../components/Section.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { downloadFile } from '../../lib/download.ts';
import { formatDateTime } from '../../lib/format.ts';
import { toastError, toastSuccess } from '../../lib/notify.ts';
import { useCan } from '../../lib/use-can.ts';
import { fileSize } from './file-size.ts';
import {
  attachmentsPath,
  useAddAttachment,
  useAttachments,
  usePreviewUrl,
  useRemoveAttachment,
} from './hooks.ts';

const ACCEPT = ATTACHMENT_CONTENT_TYPES.join(',');

interface AttachmentsSectionProps {
  recordType: AttachmentRecordType;
  recordId: string;
}

/**
 * The signed paper behind a record (#17): its attachments listed with image thumbnails, a file
 * picker (PDF, JPEG, PNG) and, in the same control, the phone's back camera. Removing is offered
 * only while the record is a draft; posted or approved records keep every file.
 */
export function AttachmentsSection({ recordType, recordId }: AttachmentsSectionProps) {
  const { t } = useTranslation();
  const access = ATTACHMENT_RECORDS[recordType];
  const canRead = useCan(access.read.permission, access.read.audience);
  const canWrite = useCan(access.write.permission, access.write.audience);
  const list = useAttachments(recordType, canRead ? recordId : '');
  const add = useAddAttachment(recordType, recordId);
  const remove = useRemoveAttachment(recordType, recordId);
  const [shown, setShown] = useState<Attachment | null>(null);
  if (!canRead) return null;
  const items = list.data?.data ?? [];
  const locked = list.data?.locked ?? false;
  const maxBytes = list.data?.maxBytes ?? 0;

  const attach = (file: File | null) => {
    if (!file) return;
    if (maxBytes && file.size > maxBytes) {
      toastError(
        t('attachments.tooLarge', { name: file.name, size: fileSize(file.size), max: fileSize(maxBytes) }),
      );
      return;
    }
    add.mutate(file, {
      onSuccess: () => toastSuccess(t('attachments.added', { name: file.name })),
      onError: (error) => toastError(refusal(error, file)),
    });
  };
  const refusal = (error: Error, file: File): string => {
    const message = error instanceof ApiError ? error.message : '';
    if (message.startsWith('This file type')) return t('attachments.typeRefused');
    if (message.startsWith('The file is too large') || (error instanceof ApiError && error.status === 413))
      return t('attachments.tooLarge', {
        name: file.name,
        size: fileSize(file.size),
        max: fileSize(maxBytes),
      });
    return t('attachments.failed', { name: file.name });
  };
  const askRemove = (a: Attachment) =>
    confirmAction({
      title: t('attachments.removeTitle'),
      message: t('attachments.removeConfirm', { name: a.fileName }),
      confirmLabel: t('attachments.removeShort'),
      onConfirm: () =>
        remove.mutate(a.id, {
          onSuccess: () => toastSuccess(t('attachments.removed', { name: a.fileName })),
          onError: () => toastError(t('attachments.removeRefused')),
        }),
    });
  const download = (a: Attachment) =>
    void downloadFile(`${attachmentsPath(recordType, recordId)}/${a.id}/file`, {}, a.fileName);

  return (
    <Section
      title={items.length ? `${t('attachments.title')} (${items.length})` : t('attachments.title')}
      data-testid="attachments"
      actions={canWrite && <AttachButtons onFile={attach} busy={add.isPending} />}
    >
      <Stack gap="sm">
        {canWrite && maxBytes > 0 && (
          <Text size="xs" c="dimmed">
            {t('attachments.hint', { max: fileSize(maxBytes) })}
            {locked ? ` ${t('attachments.locked')}` : ''}
          </Text>
        )}
        {list.isSuccess && items.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('attachments.empty')}
          </Text>
        )}
        {items.map((a) => (
          <AttachmentRow
            key={a.id}
            recordType={recordType}
            recordId={recordId}
            attachment={a}
            onShow={() => setShown(a)}
            onDownload={() => download(a)}
            onRemove={canWrite && !locked ? () => askRemove(a) : undefined}
          />
        ))}
      </Stack>
      <Modal
        opened={shown !== null}
        onClose={() => setShown(null)}
        title={shown?.fileName}
        size="lg"
        centered
      >
        {shown && <PreviewImage recordType={recordType} recordId={recordId} attachment={shown} large />}
      </Modal>
    </Section>
  );
}

interface RowProps {
  recordType: AttachmentRecordType;
  recordId: string;
  attachment: Attachment;
  onShow: () => void;
  onDownload: () => void;
  onRemove: (() => void) | undefined;
}

function AttachmentRow({ recordType, recordId, attachment: a, onShow, onDownload, onRemove }: RowProps) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap" data-testid="attachment-row">
      {a.hasPreview ? (
        <UnstyledButton onClick={onShow} aria-label={t('attachments.preview', { name: a.fileName })}>
          <PreviewImage recordType={recordType} recordId={recordId} attachment={a} />
        </UnstyledButton>
      ) : (
        <IconFileTypePdf size={40} stroke={1.5} aria-hidden />
      )}
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={500} truncate="end">
          {a.fileName}
        </Text>
        <Text size="xs" c="dimmed">
          {[fileSize(a.size), a.uploadedByName, formatDateTime(a.uploadedAt)].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
      <ActionIcon
        variant="subtle"
        onClick={onDownload}
        aria-label={t('attachments.download', { name: a.fileName })}
      >
        <IconDownload size={18} aria-hidden />
      </ActionIcon>
      {onRemove && (
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={onRemove}
          aria-label={t('attachments.remove', { name: a.fileName })}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}

function PreviewImage({
  recordType,
  recordId,
  attachment,
  large = false,
}: {
  recordType: AttachmentRecordType;
  recordId: string;
  attachment: Attachment;
  large?: boolean;
}) {
  const { t } = useTranslation();
  const url = usePreviewUrl(recordType, recordId, attachment);
  const size = large ? undefined : 48;
  if (!url) return <div style={{ width: size ?? '100%', height: size ?? 240 }} />;
  return (
    <Image
      src={url}
      alt={t('attachments.preview', { name: attachment.fileName })}
      w={size ?? '100%'}
      h={size ?? 'auto'}
      fit={large ? 'contain' : 'cover'}
      radius="sm"
      data-testid={large ? 'attachment-preview-large' : 'attachment-preview'}
    />
  );
}

/** Attach a file (PDF, JPEG, PNG), or take a photo with the phone's back camera. */
function AttachButtons({ onFile, busy }: { onFile: (file: File | null) => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <FileButton onChange={onFile} accept={ACCEPT} inputProps={{ 'data-testid': 'attach-file' } as object}>
        {(props) => (
          <Button
            {...props}
            variant="default"
            size="xs"
            loading={busy}
            leftSection={<IconPaperclip size={16} aria-hidden />}
          >
            {t('attachments.attach')}
          </Button>
        )}
      </FileButton>
      <FileButton
        onChange={onFile}
        accept="image/jpeg,image/png"
        capture="environment"
        inputProps={{ 'data-testid': 'attach-photo' } as object}
      >
        {(props) => (
          <Button
            {...props}
            variant="default"
            size="xs"
            disabled={busy}
            leftSection={<IconCamera size={16} aria-hidden />}
          >
            {t('attachments.takePhoto')}
          </Button>
        )}
      </FileButton>
    </>
  );
}
