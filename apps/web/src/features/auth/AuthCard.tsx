import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The card every sign-in step sits in. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md">
      <Stack gap="lg">
        <div>
          <Title order={2} size="h3">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed" mt={4}>
              {description}
            </Text>
          )}
        </div>
        {children}
        {footer}
      </Stack>
    </Paper>
  );
}

/** The footer of the password-recovery steps: back to the login page. */
export function BackToLoginLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/login" size="sm">
      {t('auth.backToLogin')}
    </Anchor>
  );
}
