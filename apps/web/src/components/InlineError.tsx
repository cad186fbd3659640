import { Text } from '@mantine/core';

/** A refusal shown beside the button that caused it (read out at once), or nothing. */
export function InlineError({ error }: { error: string | null | undefined }) {
  if (!error) return null;
  return (
    <Text c="red" size="sm" role="alert">
      {error}
    </Text>
  );
}
