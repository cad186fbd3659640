import { maskMobile } from '@ushirika/contracts';
import type { Config } from '../config.ts';

export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

export type SmsLog = { info(msg: string): void; warn(msg: string): void };

/** Development sender: the message goes to the server console (this is where the OTP shows). */
export class ConsoleSmsSender implements SmsSender {
  constructor(private readonly print: (line: string) => void = (l) => process.stdout.write(`${l}\n`)) {}
  async send(to: string, text: string): Promise<void> {
    this.print(`[sms to ${maskMobile(to)}] ${text}`);
  }
}

/** Generic HTTP gateway: POSTs a JSON body rendered from a template with {{to}}, {{message}}, {{sender}}. */
export class HttpSmsSender implements SmsSender {
  constructor(private readonly options: Config['sms'] & { url: string }) {}

  async send(to: string, text: string): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.options.auth) headers.authorization = this.options.auth;
    const response = await fetch(this.options.url, {
      method: 'POST',
      headers,
      body: renderTemplate(this.options.bodyTemplate, { to, message: text, sender: this.options.senderId }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
  }
}

/** Fills {{name}} placeholders with JSON-escaped values so any message keeps the body valid JSON. */
export function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    JSON.stringify(values[name] ?? '').slice(1, -1),
  );
}

export function createSmsSender(config: Config['sms']): SmsSender {
  return config.url ? new HttpSmsSender({ ...config, url: config.url }) : new ConsoleSmsSender();
}

/** Sends after the business transaction commits; a failed SMS is logged (without its text), never fatal. */
export async function sendQuietly(sms: SmsSender, log: SmsLog, to: string, text: string): Promise<void> {
  try {
    await sms.send(to, text);
  } catch (error) {
    log.warn(`SMS to ${maskMobile(to)} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
