/**
 * Preloaded into a server under test (`node --import tsx --import ./test-support/unhandled-failure.ts
 * server/main.ts`, see server/shutdown.test.ts): on SIGUSR2 the process meets an error nobody
 * handles, a rejected promise or (with FAILURE=exception) a thrown exception, whose message
 * carries personal data that must not reach the logs.
 */
const MESSAGE = 'lost the lead of anne@entreprise.example, 06 12 34 56 78';

process.on('SIGUSR2', () => {
  if (process.env.FAILURE === 'exception') {
    setImmediate(() => {
      throw new Error(MESSAGE);
    });
  } else {
    void Promise.reject(new Error(MESSAGE));
  }
});
