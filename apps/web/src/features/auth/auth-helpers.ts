import { maskMobile } from '@ushirika/contracts';

/**
 * SPEC: the OTP is also written to the console. The API only sends it back when it runs with
 * OTP_ECHO=true (development and tests), so nothing is logged in production.
 */
export function logDevelopmentCode(label: string, code: string | undefined): void {
  if (code) console.info(`[ushirika] ${label}: ${code}`);
}

/** The API sends the mobile already masked; masking an already masked number changes nothing. */
export function maskedMobileOf(mobile: string): string {
  return mobile.includes('*') ? mobile : maskMobile(mobile);
}
