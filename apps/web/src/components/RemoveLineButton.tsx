import { ActionIcon, Button } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';

/** The bin button that removes one line of a document being entered (its label names what it removes). */
export function RemoveLineButton({
  label,
  onClick,
  disabled,
  mb,
}: {
  label: string;
  onClick: () => void;
  /** A document keeps at least one line. */
  disabled?: boolean;
  mb?: number;
}) {
  return (
    <ActionIcon variant="subtle" color="red" aria-label={label} disabled={disabled} onClick={onClick} mb={mb}>
      <IconTrash size={16} />
    </ActionIcon>
  );
}

/** The button under a document's lines that adds a blank one. */
export function AddLineButton({
  label,
  onClick,
  testId,
}: {
  label: string;
  onClick: () => void;
  testId?: string;
}) {
  return (
    <Button
      variant="default"
      leftSection={<IconPlus size={16} aria-hidden />}
      onClick={onClick}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
