import type { DashboardReply } from '@ushirika/contracts';

/** The lots chart's segment and legend colours, by lot status. */
export const LOT_COLORS: Record<keyof DashboardReply['lots'], string> = {
  in_store: 'blue',
  catalogued: 'yellow',
  sold: 'teal',
  // Grey 6 stands 3:1 off both the light and the dark page (issue #20: it vanished in dark mode).
  released: 'gray.6',
};
