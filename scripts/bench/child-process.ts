import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A helper process of the bench (the SMTP peer, the webhook receiver): this file's module run
 * again with `--import tsx` and a flag, talking over the IPC channel. `next` waits for its next
 * message, `count` asks it for what it received, `stop` ends it.
 */
export interface BenchChild {
  child: ChildProcess;
  next<T>(): Promise<T>;
  count<T>(): Promise<T>;
  stop(): Promise<void>;
}

export function spawnBenchChild(modulePath: string, flag: string, name: string): BenchChild {
  const child = spawn(process.execPath, ['--import', 'tsx', modulePath, flag], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      const onExit = () => reject(new Error(`the ${name} exited`));
      child.once('exit', onExit);
      child.once('message', (message) => {
        child.off('exit', onExit);
        resolve(message as T);
      });
    });
  return {
    child,
    next,
    count: <T>() => {
      const answer = next<T>();
      child.send('count');
      return answer;
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.send('stop');
      await exited;
    },
  };
}

/**
 * Runs this module again as a one-shot process (`--import tsx`, then `args`) and reads the JSON
 * it prints on its last line of stdout: the flood clients of `npm run bench` and
 * `npm run bench:visitor`, which load the server from a second process.
 */
export function runJsonChild<T>(modulePath: string, args: readonly string[]): Promise<T> {
  const child = spawn(process.execPath, ['--import', 'tsx', modulePath, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolveResult, reject) => {
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`the flood process exited with ${code}`));
      resolveResult(JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as T);
    });
  });
}
