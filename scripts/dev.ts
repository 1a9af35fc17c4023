// `npm run dev`: the server (restarted on change) and Vite with hot reload, which proxies the APIs to it.
import { type ChildProcess, spawn } from 'node:child_process';

const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.PORT ?? '3000' },
  }),
  spawn('npx', ['panda', 'codegen', '--watch'], { stdio: 'inherit' }),
  spawn('npx', ['vite', '--port', process.env.VITE_PORT ?? '5173', '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, RECOMPRA_DEV_SERVER: `http://127.0.0.1:${process.env.PORT ?? '3000'}` },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.once('exit', (code) => code && stop());
