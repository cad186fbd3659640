import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FormLayoutProps {
  onSubmit: (event: FormEvent) => void;
  /** A refusal that belongs to no single field. */
  error?: string | null;
  submitLabel: string;
  submitting?: boolean;
  onCancel?: () => void;
  /** Extra actions beside the submit button (e.g. "Resend code"). */
  secondary?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/**
 * One form layout for every form: fields stacked, a form-level error above them, and the actions
 * at the end. A real <form>, so Enter submits from any field.
 */
export function FormLayout({
  onSubmit,
  error,
  submitLabel,
  submitting,
  onCancel,
  secondary,
  children,
  testId,
}: FormLayoutProps) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate data-testid={testId}>
      <Stack gap="md">
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {error}
          </Alert>
        )}
        {children}
        <Group justify="space-between" mt="xs" wrap="wrap-reverse">
          <Group gap="xs">{secondary}</Group>
          <Group gap="xs">
            {onCancel && (
              <Button variant="default" onClick={onCancel} disabled={submitting}>
                {t('common.cancel')}
              </Button>
            )}
            <Button type="submit" loading={submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
