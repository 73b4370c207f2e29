// jsdom lacks TextEncoder (react-router needs it); jest-dom adds the DOM matchers.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
require('@testing-library/jest-dom');

// The fake network (test-utils) records requests no route answered; such a request fails the test.
beforeEach(() => {
  const pending = globalThis.__unhandledRequests;
  if (pending) pending.length = 0;
});
afterEach(() => {
  const pending = globalThis.__unhandledRequests;
  if (pending && pending.length > 0) {
    const list = pending.splice(0).join('\n  ');
    throw new Error(`Requests without an answer in the fake network:\n  ${list}`);
  }
});

// findBy*/waitFor wait up to 5 s (default 1 s): a loaded two-core CI machine renders MUI forms slowly.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });

// No socket server in component tests: the live channel stays closed and tests deliver socket events
// with receiveLiveEvent from @mediport/api-client (the socket boundary).
globalThis.__MEDIPORT_LIVE_OFF__ = true;
