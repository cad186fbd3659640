import { Badge, Code, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A role's permission strings (`module.resource.action`), grouped by module. */
export function RolePermissions({ permissions }: { permissions: string[] }) {
  const { t, i18n } = useTranslation();
  const byModule = new Map<string, string[]>();
  for (const permission of [...permissions].sort()) {
    const module = permission.split('.')[0] ?? permission;
    byModule.set(module, [...(byModule.get(module) ?? []), permission]);
  }
  if (byModule.size === 0) return <Text size="sm">{t('roles.noPermissions')}</Text>;
  return (
    <Stack gap="xs">
      {[...byModule.entries()].map(([module, items]) => {
        const key = `permissionModules.${module}`;
        return (
          <Group key={module} gap={6} align="flex-start" wrap="nowrap">
            <Badge variant="outline" w={120} style={{ flexShrink: 0 }}>
              {i18n.exists(key) ? t(key as 'permissionModules.users') : module}
            </Badge>
            <Group gap={4}>
              {items.map((permission) => (
                <Code key={permission} fz="xs">
                  {permission}
                </Code>
              ))}
            </Group>
          </Group>
        );
      })}
    </Stack>
  );
}
