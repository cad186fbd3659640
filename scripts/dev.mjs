// `npm run dev`: the API with hot reload (OTP codes echoed) and the Vite dev server proxying /api to it.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/api/src/main.ts'], {
    stdio: 'inherit',
    env: { OTP_ECHO: 'true', ...process.env },
  }),
  spawn('npm', ['run', 'dev', '-w', '@ushirika/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
