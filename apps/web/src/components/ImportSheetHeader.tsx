import { Button, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { downloadFile } from '../lib/download.ts';

/**
 * The top of a sheet import dialog: what the sheet holds, and a button that downloads the
 * blank xlsx template from `templatePath` (saved as `templateFile` when the reply names none).
 */
export function ImportSheetHeader({
  help,
  templateLabel,
  templatePath,
  templateFile,
}: {
  help: string;
  templateLabel: string;
  templatePath: string;
  templateFile: string;
}) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {help}
      </Text>
      <Button
        variant="subtle"
        size="xs"
        leftSection={<IconDownload size={14} aria-hidden />}
        onClick={() => void downloadFile(templatePath, { format: 'xlsx' }, templateFile)}
      >
        {templateLabel}
      </Button>
    </Group>
  );
}
