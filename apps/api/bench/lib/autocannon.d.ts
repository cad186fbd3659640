/** The part of autocannon 9's API the bench uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export type AutocannonRequest = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  };

  export type AutocannonClient = EventEmitter & {
    setRequests(requests: AutocannonRequest[]): void;
  };

  export type AutocannonOptions = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    headers?: Record<string, string>;
    requests?: AutocannonRequest[];
    setupClient?: (client: AutocannonClient) => void;
  };

  export type AutocannonResult = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
    requests: { total: number; average: number };
  };

  export type AutocannonInstance = EventEmitter & PromiseLike<AutocannonResult> & { stop(): void };

  function autocannon(options: AutocannonOptions): AutocannonInstance;
  export default autocannon;
}
