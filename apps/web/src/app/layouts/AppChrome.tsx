import { ActionIcon, Affix, Group, Text, Transition } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** SPEC section 9: the scroll-to-top button appears after 50 px of scroll. */
const SCROLL_THRESHOLD_PX = 50;

export function ScrollToTopButton() {
  const { t } = useTranslation();
  const [scroll, scrollTo] = useWindowScroll();
  return (
    <Affix position={{ bottom: 24, right: 24 }}>
      <Transition transition="slide-up" mounted={scroll.y > SCROLL_THRESHOLD_PX}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size="xl"
            radius="xl"
            aria-label={t('common.scrollToTop')}
            data-testid="scroll-to-top"
            onClick={() => scrollTo({ y: 0 })}
          >
            <IconArrowUp size={20} aria-hidden />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}

/** Year and provider credit. */
export function AppFooter() {
  const { t } = useTranslation();
  return (
    <Group component="footer" justify="space-between" mt="xl" pt="md" className="app-footer" gap="xs">
      <Text size="xs" c="dimmed">
        {t('footer.copyright', { year: new Date().getFullYear() })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('footer.credit')}
      </Text>
    </Group>
  );
}
