import { detailReply, payoutSettings, payoutSettingsBody, savedReply } from '@ushirika/contracts';
import { actorOf } from '../../../../platform/access.ts';
import type { ZodApp } from '../../../../platform/app-types.ts';
import type { AppDeps } from '../../../../platform/deps.ts';
import { access, tags } from '../../access.ts';
import { settingsKeysOf } from '../providers.ts';
import { savePayoutSettings } from './save-payout-settings.ts';
import { readPayoutSettings } from './stored.ts';

/**
 * The union's payout providers (#30), beside the payment settings: each provider's settings
 * (secrets only ever written, never read back) and which provider pays each channel.
 */
export function payoutSettingsRoutes(app: ZodApp, deps: AppDeps, onSaved: () => Promise<void>) {
  const keys = settingsKeysOf(deps.config);
  app.get(
    '/payments/settings/payouts',
    {
      config: { access: access.unionRead },
      schema: { tags, response: { 200: detailReply(payoutSettings) } },
    },
    async () => ({ data: await readPayoutSettings(deps.db, keys) }),
  );
  app.put(
    '/payments/settings/payouts',
    {
      config: { access: access.settingsWrite },
      schema: { tags, body: payoutSettingsBody, response: { 200: savedReply(payoutSettings) } },
    },
    async (req) => {
      const data = await savePayoutSettings(deps.db, actorOf(req), { keys, body: req.body });
      await onSaved();
      return { message: 'Payout settings saved successfully', data };
    },
  );
}
