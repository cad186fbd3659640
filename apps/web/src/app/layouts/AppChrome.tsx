import { ActionIcon, Affix, Group, Text, Transition } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';
import { yearInTanzania } from '@ushirika/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC section 9: the scroll-to-top button appears after 50 px of scroll. */
const SCROLL_THRESHOLD_PX = 50;

/**
 * Whether the window is scrolled past `px`, read only when it scrolls: reading the scroll position
 * as the page mounts forces a layout before the page is complete (#29: the weighing screen's
 * opening). A screen opens at the top (RootGuard).
 */
function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > px);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [px]);
  return past;
}

export function ScrollToTopButton() {
  const { t } = useTranslation();
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  return (
    <Affix position={{ bottom: 24, right: 24 }}>
      <Transition transition="slide-up" mounted={scrolled}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size="xl"
            radius="xl"
            aria-label={t('common.scrollToTop')}
            data-testid="scroll-to-top"
            onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
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
        {t('footer.copyright', { year: yearInTanzania() })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('footer.credit')}
      </Text>
    </Group>
  );
}
